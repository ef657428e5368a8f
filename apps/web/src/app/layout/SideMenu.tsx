import { buildMenu, isStaffAccount } from '@bo/contract';
import { applyMenuOverlay } from '@bo/contract/backmgr/menu-config';
import { useQuery } from '@tanstack/react-query';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { splitPermissions, useCurrentUser, usePermissionItems } from '../../modules/access/session/session.queries';
import { useLang } from '../../shared/i18n/lang';
import { menuOverlayQuery } from '../../shared/session/menu-overlay';
import { groupKey, toMenuItems } from './menu-items';

/**
 * The side menu: the contract's buildMenu over the user's page permissions, with the menu
 * overlay of /backMgr/menuConfig applied (order, hidden entries, titles; it never adds one).
 * Until the overlay has loaded, or if it cannot be, the catalogue's menu is shown.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const lang = useLang();
  const { pathname } = useLocation();
  const { data: items } = usePermissionItems();
  const { data: user } = useCurrentUser();
  const { data: overlay } = useQuery(menuOverlayQuery());
  const entries = useMemo(
    () =>
      applyMenuOverlay(
        buildMenu({
          permissions: splitPermissions(items ?? []).pages,
          backMgr: user?.backMgr ?? false,
          staff: isStaffAccount(user?.accountId),
        }),
        overlay ?? [],
      ),
    [items, user?.backMgr, user?.accountId, overlay],
  );
  const menuItems = useMemo(() => toMenuItems(entries, lang), [entries, lang]);
  const owner = entries.find((g) => g.children.some((c) => c.url === pathname));
  const ownerKey = owner ? groupKey(owner.menuCode) : null;
  const [openKeys, setOpenKeys] = useState<string[]>(ownerKey ? [ownerKey] : []);

  // Opening a screen from elsewhere (a link, the address bar) unfolds its group.
  useEffect(() => {
    if (ownerKey) setOpenKeys((keys) => (keys.includes(ownerKey) ? keys : [...keys, ownerKey]));
  }, [ownerKey]);

  return (
    <nav data-testid="side-menu" className="bo-side-menu">
      <Menu
        theme="dark"
        mode="inline"
        items={menuItems}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </nav>
  );
}
