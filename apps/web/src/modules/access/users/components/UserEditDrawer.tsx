import type { ChildUser } from '@bo/contract/access/users';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { fetchFreshUser } from '../users.queries';
import { UserForm } from './UserForm';

export type UserEditor = { mode: 'create' } | { mode: 'edit'; user: ChildUser };

interface Props {
  editor: UserEditor | null;
  onClose: () => void;
  /** The user as the server has them now, after a stale save. */
  onReloaded: (user: ChildUser) => void;
}

/** Creates or edits a user in a drawer. */
export function UserEditDrawer({ editor, onClose, onReloaded }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const user = editor?.mode === 'edit' ? editor.user : null;

  const reload = async () => {
    if (!user) return;
    try {
      const fresh = await fetchFreshUser(user);
      if (fresh) onReloaded(fresh);
      else {
        notify.error(t('users.gone'));
        onClose();
      }
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  return (
    <Drawer
      open={editor !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={user ? t('users.editTitle', { name: user.loginName }) : t('users.createTitle')}
    >
      {editor && (
        <UserForm
          // A reload brings a new version: show the form afresh.
          key={`${user?.id ?? 'new'}:${user?.version ?? 0}`}
          user={user}
          onDone={onClose}
          onCancel={onClose}
          onReload={reload}
        />
      )}
    </Drawer>
  );
}
