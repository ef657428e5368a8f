import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { MERGE_TAGS } from '@bo/contract/mail/merge-tags';
import { sanitizeTemplateHtml } from '@bo/contract/mail/template-html';
import { Button, Select, Space, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../shared/i18n/lang';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
  /** Font families offered (the reply editor: spec §9); none: no font picker. */
  fonts?: readonly { value: string; label: string }[];
  /** What an outside value is cleaned with; default: the template body rule. */
  clean?: (html: string) => string;
  /** Offer the merge tags (templates); replies are written to one buyer and need none. */
  mergeTags?: boolean;
  ariaLabel?: string;
}

/**
 * A small rich text editor for template bodies: bold, italic, underline, lists and merge
 * tags, nothing else (the server keeps formatting tags only). Pasted content arrives as
 * plain text, so no foreign markup or link sneaks in.
 */
export function RichTextEditor({
  value = '',
  onChange,
  testId,
  fonts,
  clean = sanitizeTemplateHtml,
  mergeTags = true,
  ariaLabel,
}: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const ref = useRef<HTMLDivElement>(null);

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

  return (
    <div className="bo-rte">
      <Space size={4} className="bo-rte-toolbar" wrap>
        <Tooltip title={t('mailTemplates.editor.bold')}>
          <Button size="small" icon={<BoldOutlined />} onMouseDown={(e) => e.preventDefault()} onClick={() => command('bold')} />
        </Tooltip>
        <Tooltip title={t('mailTemplates.editor.italic')}>
          <Button
            size="small"
            icon={<ItalicOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command('italic')}
          />
        </Tooltip>
        <Tooltip title={t('mailTemplates.editor.underline')}>
          <Button
            size="small"
            icon={<UnderlineOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command('underline')}
          />
        </Tooltip>
        <Tooltip title={t('mailTemplates.editor.bullets')}>
          <Button
            size="small"
            icon={<UnorderedListOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command('insertUnorderedList')}
          />
        </Tooltip>
        <Tooltip title={t('mailTemplates.editor.numbers')}>
          <Button
            size="small"
            icon={<OrderedListOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command('insertOrderedList')}
          />
        </Tooltip>
        {fonts && (
          <Select<string>
            size="small"
            value={null}
            placeholder={t('mail.fonts.label')}
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
            placeholder={t('mailTemplates.editor.insertTag')}
            style={{ width: 190 }}
            options={MERGE_TAGS.map((m) => ({ value: m.tag, label: `${lang === 'zh-CN' ? m.zh : m.en} {{${m.tag}}}` }))}
            onChange={(tag) => command('insertText', `{{${tag}}}`)}
            data-testid={testId ? `${testId}-tag` : undefined}
          />
        )}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text area is a contentEditable element, a textarea holds no formatting */}
      <div
        ref={ref}
        className="bo-rte-area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel ?? t('mailTemplates.field.body')}
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
