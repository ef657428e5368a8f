import { BannersPage } from './BannersPage';

/** The device slot's banners. */
export default function DeviceBannersPage() {
  return <BannersPage slot="device" />;
}
