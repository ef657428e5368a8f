/**
 * The edit page of the kit: the same form as the edit drawer (edit-form.tsx: rules from the
 * contract's body schema, the server's field errors on their fields, the stale-version banner
 * with Reload, dependent fields, read-only, the check before saving) on a page of its own, for
 * a record too large for a drawer (a rich text, attachments). Its head has the way back and the
 * title; leaving the page or the tab with unsaved changes asks first.
 *
 *   <EditPage editor={{ mode: 'edit', record: doc }} back={() => navigate(…)} title={…}
 *     schema={ep.create.body} fields={FIELDS} initialValues={…} onSubmit={…}
 *     onSaved={(saved) => navigate(…)} reload={() => refetch()} testId="page-…" />
 *
 * The screen loads the record and keys the page by the record's id. The page keeps the version
 * it opened with: a background refetch (a refused save invalidates the record's query) does not
 * replace what is being typed, so a stale save shows the banner, and its Reload starts the form
 * again from the newest version (`reload`'s answer). `needs` holds the form back for anything
 * else it waits for.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../components/QueryStates';
import { EditForm, type EditFormProps, type Editor, editorKey, useUnsavedGuard } from './edit-form';
import type { FormNeeds } from './form-needs';

export interface EditPageProps<R, V extends object, S> extends EditFormProps<R, V, S> {
  editor: Editor<R>;
  /** Where Cancel and the head's arrow go (a navigation: with unsaved changes it asks first). */
  back: () => void;
  title: (editor: Editor<R>) => ReactNode;
  /** Under the title, in grey (the version being edited). */
  subtitle?: (editor: Editor<R>) => ReactNode;
  /** Data the fields or the initial values need: the form opens once it has loaded. */
  needs?: FormNeeds;
  /** Under the form's card (attachments, a section with its own form). */
  after?: (editor: Editor<R>) => ReactNode;
  /** The page's test id; the form's is `testId`. */
  pageTestId?: string;
}

export function EditPage<R, V extends object, S>(props: EditPageProps<R, V, S>) {
  const { t } = useTranslation();
  const { back } = props;
  // The record as the page opened it, until a Reload brings the newest.
  const [editor, setEditor] = useState(props.editor);
  const { setDirty } = useUnsavedGuard(true);
  const onReloaded = (record: R) => {
    setEditor({ mode: 'edit', record });
    props.onReloaded?.(record);
  };
  const form = (
    <EditForm
      key={editorKey(editor)}
      {...props}
      editor={editor}
      onReloaded={onReloaded}
      onDirty={setDirty}
      close={back}
      surface="page"
    />
  );
  return (
    <div className="bo-page" data-testid={props.pageTestId}>
      <div className="bo-page-head">
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('kit.back')} data-testid="kit-back" />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {props.title(editor)}
          </Typography.Title>
        </Space>
        {props.subtitle && (
          <div>
            <Typography.Text type="secondary">{props.subtitle(editor)}</Typography.Text>
          </div>
        )}
      </div>
      <Card>
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
      </Card>
      {props.after?.(editor)}
    </div>
  );
}
