import { ArrowLeftOutlined } from '@ant-design/icons';
import { fieldText } from '@bo/contract';
import { safeHref, sanitizeHtml } from '@bo/contract/backmgr/doc-html';
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
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../../shared/components/QueryStates';
import { RichTextEditor } from '../../../shared/components/RichTextEditor';
import { useNotify } from '../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../shared/forms/edit-form-problem';
import { useLang } from '../../../shared/i18n/lang';
import { oneOfTwoRule } from '../../../shared/kit/BilingualInput';
import { categoryLabel, docTitle } from './DocListPage';
import { docQuery, useSaveDoc } from './docs.queries';

interface Values {
  titleZh: string;
  titleEn: string;
  category: DocCategory;
  state: DocState;
  body: string;
}
const FIELDS = ['titleZh', 'titleEn', 'category', 'state', 'body'] as const;
const FONTS = DOC_FONTS.map((f) => ({ value: f.css.replace(/'/g, ''), label: f.name }));

/** /backMgr/addDoc and /backMgr/editDoc?id=: one page for both; every save is a new version. */
export default function DocEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const doc = useQuery({ ...docQuery(editing ? id : 0), enabled: editing });
  if (!editing) return <DocForm doc={null} onReload={async () => undefined} />;
  return (
    <QueryStates pending={doc.isPending} error={doc.error} onRetry={() => void doc.refetch()}>
      {/* A reload after a stale refusal brings the newest version: keyed by it, the form starts again from it. */}
      {doc.data && <DocForm key={`${doc.data.id}:${doc.data.version}`} doc={doc.data} onReload={() => doc.refetch()} />}
    </QueryStates>
  );
}

function DocForm({ doc, onReload }: { doc: Doc | null; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveDoc();
  const version = doc?.version ?? 0;
  const problem = useEditFormProblem(form, async () => {
    await onReload();
  });
  const initial: Values = doc
    ? { titleZh: doc.titleZh, titleEn: doc.titleEn, category: doc.category, state: doc.state, body: doc.body }
    : { titleZh: '', titleEn: '', category: 'procedure', state: 'draft', body: '' };
  const dirty = useUnsavedGuard();

  const submit = async (v: Values) => {
    problem.clear();
    try {
      const saved = await save.mutateAsync({
        id: doc?.id ?? null,
        version,
        body: { titleZh: v.titleZh ?? '', titleEn: v.titleEn ?? '', category: v.category, state: v.state, body: v.body ?? '' },
      });
      notify.success(t('backMgr.docs.saved', { title: docTitle(saved, lang), version: saved.version }));
      dirty.current = false;
      navigate(`/backMgr/docDetail?id=${saved.id}`);
    } catch (err) {
      problem.report(err, { fields: FIELDS });
    }
  };

  const back = doc ? `/backMgr/docDetail?id=${doc.id}` : '/backMgr/docList';
  return (
    <div className="bo-page" data-testid="page-backmgr-doc-edit">
      <div className="bo-page-head">
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(back)} aria-label={t('backMgr.docs.back')} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {doc ? t('backMgr.docs.editTitle', { title: docTitle(doc, lang) }) : t('backMgr.docs.createTitle')}
          </Typography.Title>
        </Space>
        {doc && (
          <Typography.Text type="secondary">{t('backMgr.docs.editingVersion', { version, next: version + 1 })}</Typography.Text>
        )}
      </div>
      <Card>
        {problem.problem?.kind === 'stale' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('kit.stale.title')}
            description={t('kit.stale.text')}
            action={
              <Button
                size="small"
                loading={problem.reloading}
                onClick={() => void problem.reload()}
                data-testid="kit-stale-reload"
              >
                {t('common.reload')}
              </Button>
            }
            data-testid="kit-stale"
          />
        )}
        {problem.problem?.kind === 'error' && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problem.problem.text} data-testid="doc-form-error" />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(v) => void submit(v)}
          data-testid="doc-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="titleZh"
                label={t('backMgr.docs.titleZh')}
                dependencies={['titleEn']}
                rules={[oneOfTwoRule('titleEn', fieldText('backMgr.titleRequired', lang))]}
              >
                <Input maxLength={200} data-testid="doc-title-zh" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="titleEn" label={t('backMgr.docs.titleEn')}>
                <Input maxLength={200} data-testid="doc-title-en" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="category" label={t('backMgr.docs.column.category')} rules={[{ required: true }]}>
                <Select
                  options={DOC_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c, lang) }))}
                  data-testid="doc-category-input"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="state" label={t('backMgr.docs.column.state')} extra={t('backMgr.docs.stateHint')}>
                <Radio.Group
                  optionType="button"
                  options={DOC_STATES.map((s) => ({
                    value: s,
                    label: DOC_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'],
                  }))}
                  data-testid="doc-state-input"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="body" label={t('backMgr.docs.body')} extra={t('backMgr.docs.bodyHint')}>
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
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="doc-save">
              {t('backMgr.docs.save')}
            </Button>
            <Button onClick={() => navigate(back)}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}

/** Leaving the page (or the tab) with unsaved changes asks first, as the kit's edit drawer does. */
function useUnsavedGuard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // A ref, not state: a save clears it and navigates in the same tick.
  const dirty = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('kit.unsaved.title'),
      content: t('kit.unsaved.text'),
      okText: t('kit.unsaved.leave'),
      cancelText: t('kit.unsaved.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return dirty;
}
