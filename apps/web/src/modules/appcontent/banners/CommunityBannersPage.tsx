import { BannersPage } from './BannersPage';

/** The community slot's banners. */
export default function CommunityBannersPage() {
  return <BannersPage slot="community" />;
}
