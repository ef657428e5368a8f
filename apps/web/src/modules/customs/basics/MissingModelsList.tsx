import { ANY_COUNTRY, type CustomsBasic, listMissingModels as ep, type MissingModel } from '@bo/contract/customs/basics';
import type { TabsProps } from 'antd';
import { Alert, Button, Space, Tag } from 'antd';
import { Can } from '../../../shared/Can';
import { useTexts } from '../../../shared/i18n/lang';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { customsKeys } from '../customs.queries';
import { useCountryOptions, useCountryText } from './country-options';

interface Props {
  tabs: { activeKey: string; onChange: (key: string) => void; listKey: string; items: NonNullable<TabsProps['items']> };
  /** Opens the drawer to add the record the row lacks. */
  onFill: (editor: Editor<CustomsBasic>) => void;
}

/** The "missing" tab of /customBasic: the launched models without a record for the destination, each with Fill in. */
export function MissingModelsList({ tabs, onFill }: Props) {
  const { t, lang } = useTexts();
  const list = useKitList(ep, customsKeys.missing);
  const countries = useCountryOptions();
  const countryText = useCountryText();
  const country = list.query.country;

  const fill = (m: MissingModel) =>
    onFill({
      mode: 'create',
      // A preset, not a record: the drawer reads the model and the destination from it.
      record: {
        productId: m.productId,
        model: m.model,
        country: country ?? (m.countries.includes(ANY_COUNTRY) ? undefined : ANY_COUNTRY),
      } as CustomsBasic,
    });

  const columns: KitColumn<MissingModel>[] = [
    { key: 'model', priority: 'key', width: 160, title: t('customs.basics.missing.column.model'), render: (_, m) => m.model },
    {
      key: 'name',
      priority: 'key',
      width: 260,
      ellipsis: true,
      title: t('customs.basics.missing.column.name'),
      render: (_, m) => (lang === 'zh-CN' ? m.productName : m.productNameEn),
    },
    {
      key: 'countries',
      priority: 'key',
      width: 260,
      title: t('customs.basics.missing.column.countries'),
      render: (_, m) =>
        m.countries.length === 0 ? (
          t('customs.basics.missing.none')
        ) : (
          <Space size={4} wrap>
            {m.countries.map((c) => (
              <Tag key={c}>{countryText(c)}</Tag>
            ))}
          </Space>
        ),
    },
    actionsColumn(t, 120, (_, m) => (
      <Can permission="scm:customs:basic:create">
        <Button type="link" size="small" onClick={() => fill(m)} data-testid={`customs-fill-${m.productId}`}>
          {t('customs.basics.missing.fill')}
        </Button>
      </Can>
    )),
  ];

  return (
    <ListPage
      testId="page-customs-missing"
      texts="customs.basics"
      list={list}
      tabs={tabs}
      above={<Alert type="info" showIcon message={t('customs.basics.missing.hint')} style={{ marginBottom: 12 }} />}
      filters={[
        {
          kind: 'text',
          key: 'keyword',
          placeholder: t('customs.basics.search'),
          maxLength: 100,
          testId: 'customs-missing-search',
        },
        { kind: 'select', key: 'country', placeholder: t('customs.basics.allCountries'), width: 170, options: countries },
      ]}
      columns={columns}
      tableId="customs.missing"
      rowKey="productId"
      tableTestId="customs-missing-table"
      emptyText={t('customs.basics.missing.empty')}
    />
  );
}
