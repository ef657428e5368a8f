import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Lang } from '@bo/contract';
import { MERGE_TAGS } from '@bo/contract/mail/merge-tags';
import { sanitizeTemplateHtml } from '@bo/contract/mail/template-html';
import { Button, Form, Input, Popover, Select, Space, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLang } from '../i18n/lang';
import './rich-text-editor.css';

/** The editor's own words (shared code carries its texts; module locales load lazily). */
const TEXT: Record<
  Lang,
  Record<
    | 'bold'
    | 'italic'
    | 'underline'
    | 'bullets'
    | 'numbers'
    | 'insertTag'
    | 'font'
    | 'body'
    | 'block'
    | 'paragraph'
    | 'heading'
    | 'link'
    | 'linkAdd'
    | 'linkBad',
    string
  >
> = {
  'zh-CN': {
    bold: '加粗',
    italic: '斜体',
    underline: '下划线',
    bullets: '项目符号',
    numbers: '编号',
    insertTag: '插入合并标签',
    font: '字体',
    body: '邮件正文',
    block: '段落格式',
    paragraph: '正文',
    heading: '标题 {{n}}',
    link: '链接',
    linkAdd: '添加',
    linkBad: '只能是 http(s) 或站内链接',
  },
  'en-US': {
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    bullets: 'Bullets',
    numbers: 'Numbering',
    insertTag: 'Insert merge tag',
    font: 'Font',
    body: 'Mail text',
    block: 'Paragraph style',
    paragraph: 'Normal text',
    heading: 'Heading {{n}}',
    link: 'Link',
    linkAdd: 'Add',
    linkBad: 'Only http(s) or site-relative links',
  },
};

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
  /** Font families offered (the reply editor: spec §9); none: no font picker. */
  fonts?: readonly { value: string; label: string }[];
  /** What an outside value is cleaned with; default: the template body rule. */
  clean?: (html: string) => string;
  /** Offer the merge tags (templates, auto mails); replies are written to one buyer and need none. */
  mergeTags?: boolean;
  ariaLabel?: string;
  placeholder?: string;
  /** Height of the writing area when empty, in px (it grows with the text up to 420 px). */
  minHeight?: number;
  /** Outside a form: 'error' marks the editor red. Inside a Form.Item its validation status is used. */
  status?: 'error';
  /** More toolbar controls (the reply's template picker). */
  extra?: ReactNode;
  /** Offer headings (h2–h4) besides normal text (documents). */
  headings?: boolean;
  /** Offer links: the address typed is kept when this answers it (cleaned), refused when it answers null. */
  link?: (href: string) => string | null;
}

/**
 * The one rich text editor of the app (reply, templates, auto mails, invitations): bold,
 * italic, underline, lists, optional fonts and merge tags, nothing else (the server keeps
 * formatting tags only). Bordered like an input, with a minimum height, and red when its
 * Form.Item holds an error, whose message antd shows right under it. Pasted content
 * arrives as plain text, so no foreign markup or link sneaks in. Pair it with
 * `richTextRequired` (rich-text.ts): an empty editor still holds "<p></p>".
 */
export function RichTextEditor({
  value = '',
  onChange,
  testId,
  fonts,
  clean = sanitizeTemplateHtml,
  mergeTags = true,
  ariaLabel,
  placeholder,
  minHeight = 160,
  status,
  extra,
  headings = false,
  link,
}: Props) {
  const lang = useLang();
  const text = TEXT[lang];
  const ref = useRef<HTMLDivElement>(null);
  const { status: itemStatus } = Form.Item.useStatus();
  const invalid = status === 'error' || itemStatus === 'error';

  // Written only when the value comes from outside (initial value, reset), so the caret stays put while typing.
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== value) el.innerHTML = clean(value);
  }, [value, clean]);

  // The selection in the editor when it lost focus (to a picker): a command applies to it.
  const saved = useRef<Range | null>(null);
  const keepSelection = () => {
    const sel = window.getSelection();
    const el = ref.current;
    if (sel?.rangeCount && el?.contains(sel.getRangeAt(0).commonAncestorContainer))
      saved.current = sel.getRangeAt(0).cloneRange();
  };
  const emit = () => onChange?.(ref.current?.innerHTML ?? '');
  const command = (name: string, arg?: string) => {
    ref.current?.focus();
    const sel = window.getSelection();
    if (saved.current && sel && ref.current?.contains(saved.current.commonAncestorContainer)) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    document.execCommand(name, false, arg);
    emit();
  };
  const tool = (title: string, icon: ReactNode, name: string) => (
    <Tooltip title={title}>
      <Button size="small" aria-label={title} icon={icon} onMouseDown={(e) => e.preventDefault()} onClick={() => command(name)} />
    </Tooltip>
  );

  return (
    <div className={invalid ? 'bo-rte bo-rte-error' : 'bo-rte'} data-testid={testId ? `${testId}-box` : undefined}>
      <Space size={4} className="bo-rte-toolbar" wrap>
        {tool(text.bold, <BoldOutlined />, 'bold')}
        {tool(text.italic, <ItalicOutlined />, 'italic')}
        {tool(text.underline, <UnderlineOutlined />, 'underline')}
        {tool(text.bullets, <UnorderedListOutlined />, 'insertUnorderedList')}
        {tool(text.numbers, <OrderedListOutlined />, 'insertOrderedList')}
        {headings && (
          <Select<string>
            size="small"
            value={null}
            placeholder={text.block}
            style={{ width: 120 }}
            options={[
              { value: 'p', label: text.paragraph },
              ...[2, 3, 4].map((n) => ({ value: `h${n}`, label: text.heading.replace('{{n}}', String(n - 1)) })),
            ]}
            onChange={(tag) => command('formatBlock', `<${tag}>`)}
            data-testid={testId ? `${testId}-block` : undefined}
          />
        )}
        {link && <LinkTool text={text} testId={testId} clean={link} onAdd={(href) => command('createLink', href)} />}
        {fonts && (
          <Select<string>
            size="small"
            value={null}
            placeholder={text.font}
            style={{ width: 170 }}
            options={fonts.map((f) => ({ value: f.value, label: <span style={{ fontFamily: f.value }}>{f.label}</span> }))}
            onChange={(family) => {
              document.execCommand('styleWithCSS', false, 'false');
              command('fontName', family);
            }}
            data-testid={testId ? `${testId}-font` : undefined}
          />
        )}
        {mergeTags && (
          <Select<string>
            size="small"
            value={null}
            placeholder={text.insertTag}
            style={{ width: 190 }}
            options={MERGE_TAGS.map((m) => ({ value: m.tag, label: `${lang === 'zh-CN' ? m.zh : m.en} {{${m.tag}}}` }))}
            onChange={(tag) => command('insertText', `{{${tag}}}`)}
            data-testid={testId ? `${testId}-tag` : undefined}
          />
        )}
        {extra}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text area is a contentEditable element, a textarea holds no formatting */}
      <div
        ref={ref}
        className="bo-rte-area"
        style={{ minHeight }}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel ?? text.body}
        aria-invalid={invalid || undefined}
        data-placeholder={placeholder}
        tabIndex={0}
        onInput={emit}
        onBlur={() => {
          keepSelection();
          emit();
        }}
        onPaste={(e) => {
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
          emit();
        }}
        data-testid={testId}
      />
    </div>
  );
}

/** The link button: an address typed in a small popover, added to the selection when `clean` accepts it. */
function LinkTool({
  text,
  testId,
  clean,
  onAdd,
}: {
  text: (typeof TEXT)[Lang];
  testId: string | undefined;
  clean: (href: string) => string | null;
  onAdd: (href: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [bad, setBad] = useState(false);
  const add = () => {
    const ok = clean(href.trim());
    if (!ok) {
      setBad(true);
      return;
    }
    setOpen(false);
    setHref('');
    setBad(false);
    onAdd(ok);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Space direction="vertical" size={4}>
          <Space.Compact>
            <Input
              size="small"
              value={href}
              status={bad ? 'error' : undefined}
              placeholder="https://"
              onChange={(e) => {
                setHref(e.target.value);
                setBad(false);
              }}
              onPressEnter={add}
              style={{ width: 240 }}
              data-testid={testId ? `${testId}-link-input` : undefined}
            />
            <Button size="small" type="primary" onClick={add} data-testid={testId ? `${testId}-link-add` : undefined}>
              {text.linkAdd}
            </Button>
          </Space.Compact>
          {bad && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {text.linkBad}
            </Typography.Text>
          )}
        </Space>
      }
    >
      <Tooltip title={text.link}>
        <Button
          size="small"
          aria-label={text.link}
          icon={<LinkOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          data-testid={testId ? `${testId}-link` : undefined}
        />
      </Tooltip>
    </Popover>
  );
}
