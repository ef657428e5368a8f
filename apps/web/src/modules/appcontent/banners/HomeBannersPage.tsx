import { BannersPage } from './BannersPage';

/** The home slot's banners. */
export default function HomeBannersPage() {
  return <BannersPage slot="home" />;
}
