import { STATUS } from '@bo/contract';
import { safeHref, sanitizeHtml } from '@bo/contract/backmgr/doc-html';
import * as ep from '@bo/contract/backmgr/docs';
import {
  DOC_CATEGORIES,
  DOC_FONTS,
  DOC_MACHINE,
  DOC_STATES,
  type Doc,
  type DocCategory,
  type DocState,
} from '@bo/contract/backmgr/docs';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../../shared/components/QueryStates';
import { RichTextEditor } from '../../../shared/components/RichTextEditor';
import { isApiError } from '../../../shared/http/api-error';
import { useTexts } from '../../../shared/i18n/lang';
import { EditPage } from '../../../shared/kit/EditPage';
import { categoryLabel, docTitle } from './DocListPage';
import { docQuery, useSaveDoc } from './docs.queries';

interface Values {
  titleZh: string;
  titleEn: string;
  category: DocCategory;
  state: DocState;
  body: string;
}
const FONTS = DOC_FONTS.map((f) => ({ value: f.css.replace(/'/g, ''), label: f.name }));

/** /backMgr/addDoc and /backMgr/editDoc?id=: one page for both; every save is a new version. */
export default function DocEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const doc = useQuery({ ...docQuery(editing ? id : 0), enabled: editing });
  if (!editing) return <DocForm doc={null} reload={async () => null} />;
  return (
    <QueryStates pending={doc.isPending} error={doc.error} onRetry={() => void doc.refetch()}>
      {/* The page keeps the version it opened with until its Reload (EditPage). */}
      {doc.data && (
        <DocForm
          key={doc.data.id}
          doc={doc.data}
          reload={async () => {
            const fresh = await doc.refetch();
            // Gone since (404): the page says so and goes back.
            return isApiError(fresh.error) && fresh.error.status === STATUS.NOT_FOUND ? null : (fresh.data ?? null);
          }}
        />
      )}
    </QueryStates>
  );
}

function DocForm({ doc, reload }: { doc: Doc | null; reload: () => Promise<Doc | null> }) {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const save = useSaveDoc();
  const back = () => navigate(doc ? `/backMgr/docDetail?id=${doc.id}` : '/backMgr/docList');
  return (
    <EditPage<Doc, Values, Doc>
      editor={doc ? { mode: 'edit', record: doc } : { mode: 'create' }}
      back={back}
      title={(e) =>
        e.mode === 'edit' ? t('backMgr.docs.editTitle', { title: docTitle(e.record, lang) }) : t('backMgr.docs.createTitle')
      }
      subtitle={(e) =>
        e.mode === 'edit' ? t('backMgr.docs.editingVersion', { version: e.record.version, next: e.record.version + 1 }) : null
      }
      schema={ep.docBody}
      updateSchema={ep.docUpdateBody}
      fields={[
        {
          name: 'titleZh',
          input: 'bilingual',
          label: t('backMgr.docs.titleZh'),
          pair: { name: 'titleEn', label: t('backMgr.docs.titleEn'), testId: 'doc-title-en' },
          requireOne: true,
          testId: 'doc-title-zh',
        },
        {
          name: 'category',
          label: t('backMgr.docs.column.category'),
          input: 'select',
          options: DOC_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c, lang) })),
          span: 12,
          testId: 'doc-category-input',
        },
        {
          name: 'state',
          label: t('backMgr.docs.column.state'),
          input: 'radio',
          options: DOC_STATES.map((s) => ({ value: s, label: DOC_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'] })),
          extra: t('backMgr.docs.stateHint'),
          span: 12,
          testId: 'doc-state-input',
        },
        {
          name: 'body',
          label: t('backMgr.docs.body'),
          extra: t('backMgr.docs.bodyHint'),
          input: (
            <RichTextEditor
              testId="doc-body"
              fonts={FONTS}
              clean={sanitizeHtml}
              mergeTags={false}
              headings
              link={safeHref}
              minHeight={280}
              ariaLabel={t('backMgr.docs.body')}
            />
          ),
        },
      ]}
      initialValues={(e) =>
        e.mode === 'edit'
          ? {
              titleZh: e.record.titleZh,
              titleEn: e.record.titleEn,
              category: e.record.category,
              state: e.record.state,
              body: e.record.body,
            }
          : { titleZh: '', titleEn: '', category: 'procedure', state: 'draft', body: '' }
      }
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: e.mode === 'edit' ? e.record.id : null,
          version: e.mode === 'edit' ? e.record.version : 0,
          body: { titleZh: v.titleZh ?? '', titleEn: v.titleEn ?? '', category: v.category, state: v.state, body: v.body ?? '' },
        })
      }
      savedText={(saved) => t('backMgr.docs.saved', { title: docTitle(saved, lang), version: saved.version })}
      onSaved={(saved) => navigate(`/backMgr/docDetail?id=${saved.id}`)}
      reload={() => reload()}
      saveText={t('backMgr.docs.save')}
      pageTestId="page-backmgr-doc-edit"
      testId="doc-form"
      saveTestId="doc-save"
    />
  );
}
