/**
 * /values: the company values, read by every staff member; the administrator adds, changes and
 * removes them (kit list and edit drawer, names in both languages, the behaviours one per line).
 * The active values are the dimensions a new review cycle scores.
 */
import { PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/growth/values';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../shared/components/DeleteAction';
import { useNotify } from '../../shared/components/use-notify';
import { useLang } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { growthKeys, useCycles, useDeleteValue, useSaveValue } from './growth.queries';

interface Values {
  nameZh: string;
  nameEn: string;
  description: string;
  behaviours: string[];
  sort: number;
  active: boolean;
}

/** The behaviours as a text, one per line (a Form.Item's value: the list of lines). */
function BehavioursInput({
  value,
  onChange,
  disabled,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <Input.TextArea
      rows={4}
      value={(value ?? []).join('\n')}
      onChange={(e) => onChange?.(e.target.value.split('\n'))}
      disabled={disabled}
      data-testid="growth-value-behaviours"
    />
  );
}

export default function ValuesPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const notify = useNotify();
  const list = useKitList(ep.listValues, growthKeys.values);
  const canEdit = useCycles().data?.canEditValues ?? false;
  const save = useSaveValue();
  const del = useDeleteValue();
  const [editor, setEditor] = useState<Editor<ep.CompanyValue> | null>(null);
  const [historyOf, setHistoryOf] = useState<ep.CompanyValue | null>(null);
  const nameOf = (v: ep.CompanyValue) => (zh ? v.nameZh : v.nameEn);

  const columns: KitColumn<ep.CompanyValue>[] = [
    {
      key: 'name',
      priority: 'key',
      width: 180,
      title: t('growth.values.title'),
      render: (_, v) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => setEditor({ mode: 'edit', record: v })} data-testid={`growth-value-${v.id}`}>
            {nameOf(v)}
          </Typography.Link>
          <Typography.Text type="secondary">{zh ? v.nameEn : v.nameZh}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'description',
      priority: 'key',
      width: 260,
      title: t('growth.values.description'),
      render: (_, v) => v.description || '—',
    },
    {
      key: 'behaviours',
      priority: 'normal',
      width: 320,
      title: t('growth.values.behaviours'),
      render: (_, v) => (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {v.behaviours.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      ),
    },
    {
      key: 'active',
      priority: 'key',
      width: 80,
      title: t('growth.values.active'),
      render: (_, v) =>
        v.active ? <Tag color="green">{t('growth.values.active')}</Tag> : <Tag>{t('growth.values.inactive')}</Tag>,
    },
    actionsColumn(t, 130, (_, v) => (
      <Space size={8}>
        <Typography.Link onClick={() => setHistoryOf(v)}>{t('growth.values.history')}</Typography.Link>
        {canEdit && (
          <DeleteAction
            title={t('growth.values.confirmDelete', { name: nameOf(v) })}
            onConfirm={() => void notify.run(() => del.mutateAsync(v.id), t('growth.values.deleted', { name: nameOf(v) }))}
            testId={`growth-value-delete-${v.id}`}
            confirmTestId="growth-value-delete-confirm"
          />
        )}
      </Space>
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-values"
        texts="growth.values"
        list={list}
        filters={[{ kind: 'text', key: 'keyword', placeholder: t('growth.values.search'), maxLength: 100 }]}
        toolbar={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ mode: 'create' })}
              data-testid="growth-value-create"
            >
              {t('growth.values.create')}
            </Button>
          )
        }
        columns={columns}
        tableId="growth.values"
        rowKey="id"
        tableTestId="growth-values"
        emptyText={t('growth.values.empty')}
      />
      <EditDrawer<ep.CompanyValue, Values, ep.CompanyValue>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode === 'create'
            ? t('growth.values.createTitle')
            : canEdit
              ? t('growth.values.editTitle')
              : t('growth.values.viewTitle')
        }
        schema={ep.companyValueBody}
        updateSchema={ep.companyValueUpdateBody}
        readOnly={() => !canEdit}
        fields={[
          {
            name: 'nameZh',
            input: 'bilingual',
            label: t('growth.values.nameZh'),
            pair: { name: 'nameEn', label: t('growth.values.nameEn'), testId: 'growth-value-name-en' },
            testId: 'growth-value-name-zh',
          },
          { name: 'description', input: 'textarea', label: t('growth.values.description') },
          {
            name: 'behaviours',
            label: t('growth.values.behaviours'),
            extra: t('growth.values.behavioursHint'),
            input: <BehavioursInput />,
          },
          { name: 'sort', input: 'number', label: t('growth.values.sort'), span: 12 },
          { name: 'active', input: 'switch', label: t('growth.values.active'), span: 12 },
        ]}
        initialValues={(e) =>
          e.mode === 'create' || !e.record
            ? { nameZh: '', nameEn: '', description: '', behaviours: [''], sort: 0, active: true }
            : {
                nameZh: e.record.nameZh,
                nameEn: e.record.nameEn,
                description: e.record.description,
                behaviours: e.record.behaviours,
                sort: e.record.sort,
                active: e.record.active,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            body: {
              nameZh: v.nameZh,
              nameEn: v.nameEn,
              description: v.description ?? '',
              behaviours: (v.behaviours ?? []).map((b) => b.trim()).filter((b) => b !== ''),
              sort: v.sort ?? 0,
              active: v.active ?? true,
              version: e.mode === 'edit' ? e.record.version : 1,
            },
          })
        }
        savedText={(v) => t('growth.values.saved', { name: nameOf(v) })}
        testId="growth-value-form"
        saveTestId="growth-value-save"
      />
      <HistoryDrawer
        entity="growth_value"
        entityId={historyOf?.id ?? null}
        name={historyOf ? nameOf(historyOf) : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          nameZh: t('growth.values.nameZh'),
          nameEn: t('growth.values.nameEn'),
          description: t('growth.values.description'),
          behaviours: t('growth.values.behaviours'),
          sort: t('growth.values.sort'),
          active: t('growth.values.active'),
        }}
      />
    </>
  );
}
