import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { DASHBOARD_PANELS, type DashboardPanel, type Panels } from '@bo/contract/sales/dashboard';
import { Button, Checkbox, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  panels: Panels | undefined;
  onToggle: (panel: DashboardPanel, shown: boolean) => void;
}

/** "Panels": a checkbox per panel; the menu stays open while boxes are ticked, the choice is saved for the user. */
export function PanelsMenu({ panels, onToggle }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = (p: DashboardPanel) => panels?.[p] ?? true;
  return (
    <Dropdown
      open={open}
      onOpenChange={(next, info) => {
        if (info.source === 'trigger' || !next) setOpen(next);
      }}
      trigger={['click']}
      disabled={!panels}
      menu={{
        selectable: false,
        onClick: ({ key }) => onToggle(key as DashboardPanel, !shown(key as DashboardPanel)),
        items: DASHBOARD_PANELS.map((p) => ({
          key: p,
          label: (
            <Checkbox checked={shown(p)} data-testid={`panel-toggle-${p}`}>
              {t(`sales.panel.${p}`)}
            </Checkbox>
          ),
        })),
      }}
    >
      <Button icon={<AppstoreOutlined />} data-testid="dashboard-panels">
        {t('sales.panel.menu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
