import { DeleteOutlined, DownOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Popconfirm, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { useDeleteSavedFilter, useSavedFilters } from '../filter.queries';

interface Props {
  /** Opens a saved filter: its query string replaces the screen's. */
  onOpen: (query: string) => void;
}

/** The caller's saved filters: open one, or delete it after confirming. */
export function SavedFiltersMenu({ onOpen }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const saved = useSavedFilters();
  const remove = useDeleteSavedFilter();
  const [open, setOpen] = useState(false);
  // A delete confirmation renders outside the panel: clicking it must not close the panel under it.
  const [confirming, setConfirming] = useState(false);
  const list = saved.data ?? [];

  const panel = (
    <div
      className="ant-dropdown-menu"
      style={{ padding: 4, minWidth: 260, maxHeight: 360, overflow: 'auto' }}
      data-testid="saved-filters"
    >
      {saved.isPending ? (
        <div style={{ padding: 16, textAlign: 'center' }}>
          <Spin size="small" />
        </div>
      ) : saved.isError ? (
        <Typography.Text type="danger" style={{ padding: 8, display: 'block' }}>
          {errorText(saved.error, lang)}
        </Typography.Text>
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listings.filter.saved.none')} />
      ) : (
        list.map((f) => (
          <div key={f.id} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <Button
              type="text"
              style={{ flex: 1, justifyContent: 'flex-start', overflow: 'hidden' }}
              onClick={() => {
                setOpen(false);
                onOpen(f.query);
              }}
              data-testid="saved-filter-open"
            >
              <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                {f.name}
              </Typography.Text>
            </Button>
            <Popconfirm
              title={t('listings.filter.saved.removeConfirm', { name: f.name })}
              okText={t('listings.filter.saved.remove')}
              okButtonProps={{ danger: true }}
              onOpenChange={setConfirming}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                await notify.run(() => remove.mutateAsync(f.id), t('listings.filter.saved.removed'));
              }}
            >
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('listings.filter.saved.remove')}
                title={t('listings.filter.saved.remove')}
                data-testid="saved-filter-remove"
              />
            </Popconfirm>
          </div>
        ))
      )}
    </div>
  );

  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => (next || !confirming) && setOpen(next)}
      trigger={['click']}
      popupRender={() => panel}
    >
      <Button icon={<FolderOpenOutlined />} data-testid="saved-filters-menu">
        <Space size={4}>
          {t('listings.filter.saved.menu')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}
