import {
  AimOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  CarOutlined,
  CommentOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FlagOutlined,
  FundOutlined,
  InboxOutlined,
  MailOutlined,
  NotificationOutlined,
  PartitionOutlined,
  ProjectOutlined,
  ReadOutlined,
  RiseOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { Lang, MenuEntry, RouteGroup } from '@bo/contract';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const GROUP_ICONS: Record<RouteGroup, ReactNode> = {
  dashboard: <DashboardOutlined />,
  adBoards: <FundOutlined />,
  inventoryBoards: <InboxOutlined />,
  userCentreBoards: <TeamOutlined />,
  information: <ReadOutlined />,
  okr: <AimOutlined />,
  process: <PartitionOutlined />,
  project: <ProjectOutlined />,
  customerService: <CustomerServiceOutlined />,
  mail: <MailOutlined />,
  supplyChain: <ApartmentOutlined />,
  logisticsSales: <CarOutlined />,
  orders: <ShoppingCartOutlined />,
  appMall: <ShopOutlined />,
  ppc: <NotificationOutlined />,
  analysis: <BarChartOutlined />,
  appCommunity: <CommentOutlined />,
  userPlatform: <UsergroupAddOutlined />,
  coCreation: <BulbOutlined />,
  salesTargets: <FlagOutlined />,
  growth: <RiseOutlined />,
  tools: <ToolOutlined />,
  settings: <SettingOutlined />,
  backMgr: <ControlOutlined />,
  public: <AppstoreOutlined />,
};

const iconOf = (menuCode: string): ReactNode =>
  menuCode in GROUP_ICONS ? GROUP_ICONS[menuCode as RouteGroup] : <AppstoreOutlined />;

export const groupKey = (menuCode: string) => `group:${menuCode}`;

type MenuItem = Required<MenuProps>['items'][number];

/** The catalogue menu (contract `buildMenu`) as antd items: group → screens, real links. */
export function toMenuItems(entries: readonly MenuEntry[], lang: Lang): MenuItem[] {
  return entries.map((group) => ({
    key: groupKey(group.menuCode),
    icon: iconOf(group.menuCode),
    label: group.title[lang],
    children: group.children.map((item) => {
      const url = item.url ?? '';
      return {
        key: url,
        label: (
          <Link to={url} data-testid={`menu-item-${url}`}>
            {item.title[lang]}
          </Link>
        ),
      };
    }),
  }));
}
