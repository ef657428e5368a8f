/**
 * One client of the import facility for every import kind: the template, the upload (the
 * kind's choices, the file within MAX_IMPORT_BYTES, progress and cancel), the preview with its
 * rows and per-row problems, commit or discard, and the history of the kinds' past imports
 * with their states and revert (after a confirmation that says what comes back).
 *
 * A screen declares its kinds (`ImportKindSpec`: labels, accepted files, template, period,
 * the preview's columns, its texts for commit and revert, optional details) and where the
 * wizard sits:
 * - `layout="page"`: an upload card, the history below, an import opens in a drawer; the
 *   open import and the history's filters are in the URL;
 * - `layout="tabs"`: the choices on top, then the tabs Upload (its preview once uploaded) and
 *   History; `<ImportWizardButton>` puts it in a modal behind a button.
 * It knows the import facility's contract and nothing of the areas whose data it imports.
 */
import { UploadOutlined } from '@ant-design/icons';
import { imports as ep } from '@bo/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Form, Modal, Space, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../Can';
import { useUrlFilters } from '../url-filters';
import { type HistoryState, ImportHistory } from './ImportHistory';
import { ImportDetail } from './ImportPreviewPanel';
import { ChoiceFields, type ChoiceValues, choiceOf, FilePicker, type ShopChoice } from './ImportUpload';
import { importKeys } from './import-queries';
import type { ImportKind, ImportKindSpec } from './import-wizard';

export interface ImportWizardProps {
  /** The kinds offered, the first chosen at the start. */
  kinds: readonly ImportKindSpec[];
  layout: 'page' | 'tabs';
  /** The wizard's test ids: `${prefix}-upload`, `${prefix}-preview`, `${prefix}-commit`, `${prefix}-history`, … */
  testIdPrefix: string;
  /** The shops offered for the shop kinds. */
  shops?: ShopChoice;
  /** The shop chosen at the start. */
  shopId?: number | null;
  /** What a commit or a revert changes besides the imports, to be reloaded. */
  invalidates?: readonly QueryKey[];
  /** The upload card's title (page layout). */
  uploadTitle?: ReactNode;
}

const URL_DEFAULTS = { id: '', kind: '', status: '', pending: '', pageNum: '1', pageSize: '20' } as const;
const FIRST_PAGE: HistoryState = { pending: false, pageNum: 1, pageSize: 10 };

/** The open import and the history's filters: in the URL on a page (a copied link reopens them), local in a modal. */
function useWizardState(inUrl: boolean, kinds: readonly ImportKind[]) {
  const [url, setUrl] = useUrlFilters(URL_DEFAULTS);
  const [local, setLocal] = useState<HistoryState & { id: number | null }>({ ...FIRST_PAGE, id: null });
  if (!inUrl) {
    return {
      openId: local.id,
      open: (id: number | null) => setLocal((s) => ({ ...s, id })),
      history: local as HistoryState,
      setHistory: (patch: Partial<HistoryState>) => setLocal((s) => ({ ...s, ...patch })),
    };
  }
  const num = (v: string, fallback: number) => (/^\d{1,6}$/.test(v) && Number(v) > 0 ? Number(v) : fallback);
  const status = ep.IMPORT_STATUSES.find((s) => s === url.status);
  const history: HistoryState = {
    kind: kinds.find((k) => k === url.kind),
    status,
    pending: url.pending === 'all',
    pageNum: num(url.pageNum, 1),
    pageSize: Math.min(num(url.pageSize, 20), 100),
  };
  return {
    openId: /^\d{1,10}$/.test(url.id) ? Number(url.id) : null,
    open: (id: number | null) => setUrl({ id: id === null ? '' : String(id) }),
    history,
    setHistory: (patch: Partial<HistoryState>) =>
      setUrl({
        ...('kind' in patch ? { kind: patch.kind ?? '' } : {}),
        ...('status' in patch ? { status: patch.status ?? '' } : {}),
        ...(patch.pending !== undefined ? { pending: patch.pending ? 'all' : '' } : {}),
        ...(patch.pageNum !== undefined ? { pageNum: String(patch.pageNum) } : {}),
        ...(patch.pageSize !== undefined ? { pageSize: String(patch.pageSize) } : {}),
      }),
  };
}

export function ImportWizard({
  kinds,
  layout,
  testIdPrefix: p,
  shops,
  shopId,
  invalidates = [],
  uploadTitle,
}: ImportWizardProps) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [form] = Form.useForm<ChoiceValues>();
  const first = kinds[0] as ImportKindSpec;
  const chosen = Form.useWatch('kind', form) ?? first.kind;
  const specOf = (kind: ImportKind) => kinds.find((k) => k.kind === kind) ?? first;
  const spec = specOf(chosen);
  const state = useWizardState(
    layout === 'page',
    kinds.map((k) => k.kind),
  );
  const [tab, setTab] = useState('upload');
  const mayUpload = kinds.some((k) => can(ep.IMPORT_KINDS[k.kind].upload as never));
  const asks = kinds.length > 1 || ep.isShopKind(spec.kind) || Boolean(spec.period);

  const uploaded = (id: number) => {
    void client.invalidateQueries({ queryKey: importKeys.all });
    state.open(id);
  };
  // Always there (the kind is a field, hidden when it is the only one), so the choices are read one way.
  const choices = (
    <Form<ChoiceValues>
      form={form}
      layout={layout === 'page' ? 'vertical' : 'inline'}
      initialValues={{ kind: first.kind, ...(shopId ? { shopId } : {}) }}
      style={layout === 'tabs' && asks ? { marginBottom: 12 } : undefined}
    >
      <ChoiceFields kinds={kinds} spec={spec} shops={shops} testIdPrefix={p} inline={layout === 'tabs'} />
    </Form>
  );
  const choose = async () => {
    try {
      return choiceOf(await form.validateFields());
    } catch {
      return null;
    }
  };
  const picker = <FilePicker spec={spec} choose={choose} testIdPrefix={p} onUploaded={(preview) => uploaded(preview.id)} />;
  const detail = (id: number) => <ImportDetail id={id} spec={specOf} testIdPrefix={p} invalidates={invalidates} />;
  const history = (onOpen: (id: number) => void) => (
    <ImportHistory
      kinds={kinds}
      spec={specOf}
      state={state.history}
      onState={state.setHistory}
      onOpen={onOpen}
      testIdPrefix={p}
      invalidates={invalidates}
    />
  );

  if (layout === 'page') {
    return (
      <>
        {mayUpload && (
          <Card title={uploadTitle}>
            {choices}
            {picker}
          </Card>
        )}
        <Card title={t('importWizard.history')} style={{ marginTop: 16 }}>
          {history(state.open)}
        </Card>
        <Drawer
          open={state.openId !== null}
          width={Math.min(1100, window.innerWidth - 40)}
          title={state.openId !== null ? t('importWizard.detailTitle', { id: state.openId }) : ''}
          onClose={() => state.open(null)}
          destroyOnHidden
        >
          {state.openId !== null && <div data-testid={`${p}-detail`}>{detail(state.openId)}</div>}
        </Drawer>
      </>
    );
  }

  return (
    <>
      {mayUpload && choices}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'upload',
            label: t('importWizard.upload'),
            children:
              state.openId === null ? (
                mayUpload && picker
              ) : (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {detail(state.openId)}
                  <Button onClick={() => state.open(null)} data-testid={`${p}-again`}>
                    {t('importWizard.again')}
                  </Button>
                </Space>
              ),
          },
          {
            key: 'history',
            label: t('importWizard.history'),
            children: history((id) => {
              state.open(id);
              setTab('upload');
            }),
          },
        ]}
      />
    </>
  );
}

/** A button (for those who may upload one of the kinds) that opens the wizard in a modal. */
export function ImportWizardButton({
  label,
  title,
  testId,
  width = 1100,
  ...wizard
}: Omit<ImportWizardProps, 'layout'> & { label: ReactNode; title: ReactNode; testId: string; width?: number }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!wizard.kinds.some((k) => can(ep.IMPORT_KINDS[k.kind].upload as never))) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      {open && (
        <Modal
          open
          width={width}
          title={title}
          onCancel={() => setOpen(false)}
          footer={null}
          destroyOnHidden
          data-testid={`${wizard.testIdPrefix}-modal`}
        >
          <ImportWizard {...wizard} layout="tabs" />
        </Modal>
      )}
    </>
  );
}
