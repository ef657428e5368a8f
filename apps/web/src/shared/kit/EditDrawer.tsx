/**
 * The edit drawer of the kit: one form for create, edit and copy in a drawer. The form itself
 * (rules from the contract's body schema, the server's field errors on their fields, the
 * stale-version banner with Reload, dependent fields, read-only, the check before saving) is
 * the core it shares with `EditPage` (edit-form.tsx); the drawer adds closing, which asks
 * first when there are unsaved changes, as leaving the screen or the tab does.
 *
 * A screen declares its fields and what saving does:
 *
 *   <EditDrawer editor={editor} onClose={close} schema={ep.createLink.body} fields={FIELDS}
 *     initialValues={(e) => …} onSubmit={(values, e) => …} reload={(record) => …} />
 *
 * When a field or the initial values need data first (a role's permission tree and what the
 * role holds), `needs` holds the form back: a skeleton while it loads, an error with Retry
 * if it failed (`queriesNeeded(...)` in form-needs.ts builds it from queries).
 */
import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../components/QueryStates';
import { EditForm, type EditFormProps, type Editor, editorKey, useUnsavedGuard } from './edit-form';
import type { FormNeeds } from './form-needs';

export type { Editor, EditorMode, FormField, LiveValues } from './edit-form';

export interface EditDrawerProps<R, V extends object, S> extends EditFormProps<R, V, S> {
  editor: Editor<R> | null;
  onClose: () => void;
  title: (editor: Editor<R>) => ReactNode;
  /** Data the fields or the initial values need: the form opens once it has loaded. */
  needs?: FormNeeds;
  /** Under the form, outside it (a section with its own form, such as a price history). */
  after?: (editor: Editor<R>) => ReactNode;
  width?: number;
  drawerTestId?: string;
}

export function EditDrawer<R, V extends object, S>(props: EditDrawerProps<R, V, S>) {
  const { t } = useTranslation();
  const { editor, onClose } = props;
  const open = editor !== null;
  const { setDirty, askDiscard } = useUnsavedGuard(open);

  const close = () => {
    setDirty(false);
    onClose();
  };

  const form = editor && (
    <EditForm key={editorKey(editor)} {...props} editor={editor} onDirty={setDirty} close={close} surface="drawer" />
  );
  return (
    <Drawer
      open={open}
      onClose={() => askDiscard(close)}
      size={props.width ?? 560}
      destroyOnHidden
      title={editor ? props.title(editor) : null}
      data-testid={props.drawerTestId}
    >
      {props.needs ? (
        <QueryStates
          pending={props.needs.pending}
          error={props.needs.error}
          onRetry={props.needs.retry}
          rows={8}
          errorTitle={t('kit.formDataLoadFailed')}
        >
          {form}
        </QueryStates>
      ) : (
        form
      )}
      {editor && props.after?.(editor)}
    </Drawer>
  );
}
