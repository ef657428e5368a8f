import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { useSetShopAuthState, useSetShopPpcState } from '../shops-auth.queries';

interface Props {
  shopId: number;
  shopName: string;
  kind: 'auth' | 'ppc';
  on: boolean;
}

/** The authorisation or advertising switch of one shop; read-only without the edit permission. */
export function ShopStateSwitch({ shopId, shopName, kind, on }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const auth = useSetShopAuthState();
  const ppc = useSetShopPpcState();
  const mutation = kind === 'auth' ? auth : ppc;

  const toggle = async (next: boolean) => {
    await mutation.mutateAsync({ shopId, state: next ? 1 : 0 });
    notify.success(t(`shops.switched.${kind}.${next ? 'on' : 'off'}`, { name: shopName }));
  };

  return (
    <Can
      permission="user:shop:auth:edit"
      fallback={<Tag color={on ? 'green' : 'default'}>{t(on ? 'shops.on' : 'shops.off')}</Tag>}
    >
      <Switch
        size="small"
        checked={on}
        loading={mutation.isPending}
        onChange={(next) => void toggle(next).catch(() => undefined)}
        aria-label={t(kind === 'auth' ? 'shops.column.authState' : 'shops.column.ppcState')}
        data-testid={`shop-${kind}-${shopId}`}
      />
    </Can>
  );
}
