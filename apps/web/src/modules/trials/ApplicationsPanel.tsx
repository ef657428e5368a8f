import type { Trial, TrialApplication } from '@bo/contract/trials/trials';
import { trials } from '@bo/contract/trials/trials';
import { Card, Tag } from 'antd';
import { ExportButton } from '../../shared/components/ExportButton';
import { download } from '../../shared/http/http-client';
import { useTexts } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { formatInstant } from './parts';
import { trialKeys } from './trials.queries';

const answerText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''));

/** A trial's applications under its edit page: paged, filtered in the URL, exported as csv (streamed). */
export function ApplicationsPanel({ trial }: { trial: Trial }) {
  const { t } = useTexts();
  const list = useKitList(trials.applications, [...trialKeys.applications, trial.id]);
  const custom = trial.fields.filter((f) => !['name', 'email', 'country'].includes(f.type));
  const columns: KitColumn<TrialApplication>[] = [
    { key: 'id', priority: 'detail', width: 70, title: '#', render: (_, a) => a.id },
    { key: 'name', priority: 'key', width: 150, title: t('trials.winners.name'), render: (_, a) => a.name },
    { key: 'email', priority: 'key', width: 220, title: t('trials.winners.email'), render: (_, a) => a.email },
    { key: 'country', priority: 'key', width: 70, title: t('trials.trials.country'), render: (_, a) => a.country },
    ...custom.map<KitColumn<TrialApplication>>((f) => ({
      key: `f.${f.key}`,
      priority: 'detail',
      width: 150,
      ellipsis: true,
      title: f.labelEn || f.labelZh || f.key,
      render: (_, a) => a.fields[f.key] ?? '',
    })),
    {
      key: 'answers',
      priority: 'normal',
      width: 280,
      ellipsis: true,
      title: t('trials.trials.answers'),
      render: (_, a) =>
        Object.entries(a.answers)
          .map(([k, v]) => `${k}: ${answerText(v)}`)
          .join(' · '),
    },
    {
      key: 'createdAt',
      priority: 'normal',
      width: 150,
      title: t('trials.trials.appliedAt'),
      render: (_, a) => formatInstant(a.createdAt),
    },
    {
      key: 'winner',
      priority: 'normal',
      width: 90,
      title: t('trials.trials.winner'),
      render: (_, a) => (a.winner ? <Tag>{t(`trials.winnerState.${a.winner}`)}</Tag> : '—'),
    },
  ];
  return (
    <Card title={t('trials.trials.applications')} style={{ marginTop: 16 }} data-testid="trial-applications">
      <ListPage
        bare
        testId="trial-applications-list"
        texts="trials.trials"
        list={list}
        params={{ id: trial.id }}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('trials.trials.applicationsSearch'),
            maxLength: 100,
            testId: 'application-search',
          },
          { kind: 'text', key: 'country', placeholder: t('trials.trials.country'), maxLength: 2, width: 90 },
        ]}
        toolbar={
          <ExportButton
            label={t('trials.trials.export')}
            testId="applications-export"
            disabled={trial.applications === 0}
            fetchFile={(options) =>
              download(
                trials.exportApplications,
                { params: { id: trial.id }, query: { keyword: list.query.keyword, country: list.query.country } },
                options,
              )
            }
          />
        }
        columns={columns}
        tableId="trials.applications"
        rowKey="id"
        emptyText="—"
      />
    </Card>
  );
}
