/**
 * The block editor (a `bare` field of the page's form): the blocks in order, each with move up
 * and down, duplicate and delete (an Undo brings a deleted block back where it was); the chosen
 * block's inputs beside it; the phone preview of what is typed on the right. The blocks are the
 * kit's form lines (`FormLines`), so they are checked and sent with the page.
 */
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, PlusOutlined, WarningFilled } from '@ant-design/icons';
import { emptyBlock, H5_BLOCK_KINDS, type H5BlockInput, type H5BlockKind, markupOf } from '@bo/contract/h5pages/blocks';
import type { H5Endpoints } from '@bo/contract/h5pages/h5-pages';
import { Alert, Button, Card, Col, Dropdown, Form, Row, Space, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTexts } from '../../../shared/i18n/lang';
import { FormLines, type LineSlot, useFormValue } from '../../../shared/kit/FormLines';
import { BlockFields } from './BlockFields';

/** A block's first words, for its line in the list. */
function summaryOf(b: H5BlockInput | undefined, zh: boolean): string {
  if (!b) return '';
  const pick = (a?: string, e?: string) => (zh ? a || e : e || a) ?? '';
  switch (b.kind) {
    case 'heading':
      return pick(b.textZh, b.textEn);
    case 'paragraph':
      return pick(
        markupOf((b.zh ?? []).map((r) => ({ bold: false, italic: false, link: null, ...r }))),
        markupOf((b.en ?? []).map((r) => ({ bold: false, italic: false, link: null, ...r }))),
      );
    case 'image':
      return pick(b.altZh, b.altEn);
    case 'product':
      return b.sku ?? '';
    case 'button':
      return pick(b.labelZh, b.labelEn);
    case 'spacer':
      return `${b.height ?? 24} px`;
    default:
      return '';
  }
}

function HasErrors({ index }: { index: number }) {
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) =>
        form.getFieldsError().some((e) => e.name[0] === 'blocks' && e.name[1] === index && e.errors.length > 0) ? (
          <WarningFilled style={{ color: '#ff4d4f' }} data-testid={`h5-block-${index}-invalid`} />
        ) : null
      }
    </Form.Item>
  );
}

export function BlockEditor({
  ep,
  segment,
  disabled,
  preview,
}: {
  ep: H5Endpoints;
  segment: string;
  disabled: boolean;
  preview: ReactNode;
}) {
  const { t, lang } = useTexts();
  const blocks = useFormValue<H5BlockInput[]>('blocks') ?? [];
  // The form as it is at a click (the watched value can be a render behind the last keystroke).
  const form = Form.useFormInstance();
  const [selected, setSelected] = useState<number | null>(blocks.length > 0 ? 0 : null);
  const [removed, setRemoved] = useState<{ value: H5BlockInput; index: number } | null>(null);
  const kindLabel = (k: H5BlockKind) => t(`h5Pages.blocks.kind.${k}`);

  const line = (slot: LineSlot, add: (v: H5BlockInput, index?: number) => void) => {
    const { key, index, field, remove, move, count } = slot;
    const block = blocks[index];
    const kind = (block?.kind ?? 'divider') as H5BlockKind;
    const isOn = selected === index;
    const tool = (title: string, icon: ReactNode, onClick: () => void, testId: string, off = false) => (
      <Tooltip title={title}>
        <Button
          size="small"
          type="text"
          icon={icon}
          aria-label={title}
          disabled={disabled || off}
          onClick={onClick}
          data-testid={testId}
        />
      </Tooltip>
    );
    return (
      <Row key={key} gutter={12} align="top" data-testid={`h5-block-${index}`}>
        <Col span={9}>
          <Card
            size="small"
            hoverable
            onClick={() => setSelected(index)}
            style={{ borderColor: isOn ? '#1668dc' : undefined }}
            data-testid={`h5-block-${index}-card`}
          >
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space size={6}>
                <Typography.Text strong>
                  {index + 1}. {kindLabel(kind)}
                </Typography.Text>
                <HasErrors index={index} />
              </Space>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
                {summaryOf(block, lang === 'zh-CN') || '—'}
              </Typography.Text>
              <Space size={0} onClick={(e) => e.stopPropagation()}>
                {tool(
                  t('h5Pages.blocks.up'),
                  <ArrowUpOutlined />,
                  () => {
                    move(index - 1);
                    setSelected(index - 1);
                  },
                  `h5-block-${index}-up`,
                  index === 0,
                )}
                {tool(
                  t('h5Pages.blocks.down'),
                  <ArrowDownOutlined />,
                  () => {
                    move(index + 1);
                    setSelected(index + 1);
                  },
                  `h5-block-${index}-down`,
                  index === count - 1,
                )}
                {tool(
                  t('h5Pages.blocks.duplicate'),
                  <CopyOutlined />,
                  () => {
                    const current = (form.getFieldValue(['blocks', index]) as H5BlockInput | undefined) ?? block;
                    if (current) add(structuredClone(current), index + 1);
                    setSelected(index + 1);
                  },
                  `h5-block-${index}-duplicate`,
                  count >= 100,
                )}
                {tool(
                  t('h5Pages.blocks.remove'),
                  <DeleteOutlined />,
                  () => {
                    const current = (form.getFieldValue(['blocks', index]) as H5BlockInput | undefined) ?? block;
                    if (current) setRemoved({ value: structuredClone(current), index });
                    remove();
                    setSelected(null);
                  },
                  `h5-block-${index}-remove`,
                )}
              </Space>
            </Space>
          </Card>
        </Col>
        <Col span={15} style={{ display: isOn ? undefined : 'none' }}>
          <Card size="small" title={t('h5Pages.blocks.blockTitle', { n: index + 1, kind: kindLabel(kind) })}>
            <BlockFields kind={kind} index={index} field={field} ep={ep} segment={segment} />
          </Card>
        </Col>
      </Row>
    );
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        <FormLines<H5BlockInput>
          name="blocks"
          label={t('h5Pages.edit.blocks')}
          empty={t('h5Pages.blocks.empty')}
          head={(add) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Dropdown
                trigger={['click']}
                disabled={disabled || blocks.length >= 100}
                menu={{
                  items: H5_BLOCK_KINDS.map((k) => ({ key: k, label: kindLabel(k), 'data-testid': `h5-add-${k}` })),
                  onClick: ({ key }) => {
                    add(emptyBlock(key as H5BlockKind));
                    setSelected(blocks.length);
                  },
                }}
              >
                <Button icon={<PlusOutlined />} data-testid="h5-add-block">
                  {t('h5Pages.blocks.add')}
                </Button>
              </Dropdown>
              {removed && (
                <Alert
                  type="info"
                  showIcon
                  closable={{ onClose: () => setRemoved(null) }}
                  title={t('h5Pages.blocks.removed', { kind: kindLabel(removed.value.kind) })}
                  action={
                    <Button
                      size="small"
                      onClick={() => {
                        add(removed.value, Math.min(removed.index, blocks.length));
                        setSelected(Math.min(removed.index, blocks.length));
                        setRemoved(null);
                      }}
                      data-testid="h5-undo"
                    >
                      {t('h5Pages.blocks.undo')}
                    </Button>
                  }
                />
              )}
              {blocks.length > 0 && selected === null && (
                <Typography.Text type="secondary">{t('h5Pages.blocks.select')}</Typography.Text>
              )}
            </Space>
          )}
          line={line}
        />
      </Col>
      <Col xs={24} xl={10}>
        <div style={{ position: 'sticky', top: 16 }}>{preview}</div>
      </Col>
    </Row>
  );
}
