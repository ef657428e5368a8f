import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { teamsQuery } from '../../shared/sales-reference.queries';
import { directorOptions } from '../directors';

interface Props {
  value: number | null;
  onChange: (directorId: number | null) => void;
}

/** The sales directors of the teams (GET sales/team/names), each with the teams they lead; hidden when there are none. */
export function DirectorPicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const teams = useQuery(teamsQuery());
  const options = useMemo(() => directorOptions(teams.data ?? []), [teams.data]);
  // An external shop account gets no teams (they are the company's organisation): nothing to pick.
  if (teams.isSuccess && options.length === 0) return null;
  return (
    <Select<number>
      allowClear
      showSearch
      placeholder={t('sales.filter.director')}
      value={value ?? undefined}
      onChange={(id) => onChange(id ?? null)}
      loading={teams.isPending}
      optionFilterProp="search"
      popupMatchSelectWidth={false}
      notFoundContent={teams.isError ? t('sales.filter.loadFailed') : undefined}
      options={options.map((d) => ({
        value: d.directorId,
        search: `${d.directorName} ${d.teams.join(' ')}`,
        label: (
          <span>
            {d.directorName} <Typography.Text type="secondary">· {d.teams.join(', ')}</Typography.Text>
          </span>
        ),
      }))}
      style={{ width: 200 }}
      data-testid="profit-director"
    />
  );
}
