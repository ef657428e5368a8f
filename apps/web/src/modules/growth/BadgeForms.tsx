/** The award form (badge, employee, reason, day) and the revoke form (why), both on the kit's EditDrawer. */
import * as ep from '@bo/contract/growth/badges';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { useActiveBadges, useAwardBadge, useBadgeAccess, useRevokeAward } from './badges.queries';

interface AwardValues {
  badgeId: number;
  employeeId: number;
  reason: string;
  day: string | null;
}

/** `editor.record`, when given, presets the employee (the wall being looked at) or the badge. */
export function AwardDrawer({ editor, onClose }: { editor: Editor<Partial<AwardValues>> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const access = useBadgeAccess().data;
  const badges = useActiveBadges(editor !== null).data?.list ?? [];
  const save = useAwardBadge();
  return (
    <EditDrawer<Partial<AwardValues>, AwardValues, ep.Award>
      editor={editor}
      onClose={onClose}
      title={() => t('badges.awardTitle')}
      schema={ep.awardBody}
      fields={[
        {
          name: 'badgeId',
          input: 'select',
          label: t('badges.field.badge'),
          options: badges.map((b) => ({ value: b.id, label: zh ? b.nameZh : b.nameEn })),
          testId: 'badge-award-badge',
        },
        {
          name: 'employeeId',
          input: 'select',
          label: t('badges.field.employee'),
          extra: t('badges.field.employeeHint'),
          options: (access?.people ?? []).map((p) => ({ value: p.id, label: p.dept ? `${p.name} · ${p.dept}` : p.name })),
          testId: 'badge-award-employee',
        },
        {
          name: 'reason',
          input: 'textarea',
          label: t('badges.field.reason'),
          extra: t('badges.field.reasonHint'),
          testId: 'badge-award-reason',
        },
        { name: 'day', input: 'date', label: t('badges.field.day'), extra: t('badges.field.dayHint'), testId: 'badge-award-day' },
      ]}
      initialValues={(e) => ({ reason: '', day: null, ...(e.record ?? {}) })}
      onSubmit={(v) =>
        save.mutateAsync({ badgeId: v.badgeId, employeeId: v.employeeId, reason: v.reason.trim(), day: v.day ?? null })
      }
      savedText={(a) => t('badges.awarded', { badge: zh ? a.badge.nameZh : a.badge.nameEn, name: a.employee.name })}
      saveText={t('badges.award')}
      testId="badge-award-form"
      saveTestId="badge-award-save"
    />
  );
}

const revokeForm = ep.revokeBody.pick({ reason: true });

export function RevokeDrawer({ award, onClose }: { award: ep.Award | null; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeAward();
  return (
    <EditDrawer<ep.Award, { reason: string }, ep.Award>
      editor={award ? { mode: 'edit', record: award } : null}
      onClose={onClose}
      title={() => t('badges.revokeTitle')}
      schema={revokeForm}
      fields={[{ name: 'reason', label: t('badges.revokeReason'), input: 'textarea', testId: 'badge-revoke-reason' }]}
      initialValues={() => ({ reason: '' })}
      onSubmit={(v, e) =>
        revoke.mutateAsync({
          id: e.mode === 'edit' ? e.record.id : 0,
          body: { version: e.mode === 'edit' ? e.record.version : 1, reason: v.reason.trim() },
        })
      }
      savedText={() => t('badges.revoked')}
      saveText={t('badges.revoke')}
      saveTestId="badge-revoke-confirm"
    />
  );
}
