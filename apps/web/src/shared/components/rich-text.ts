/**
 * Rules of the rich text editor's value (HTML) that need no React: whether it holds any
 * text, and the form rule that requires some. An editor left empty still holds markup
 * such as "<p></p>", "<p><br></p>" or "&nbsp;", which a plain `required` rule passes.
 */
import type { FormRule } from 'antd';

/** True when the HTML shows no text: tags, `&nbsp;` and whitespace only. */
export function isBlankRichText(html: string | null | undefined): boolean {
  return (
    (html ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}

/** A form rule refusing an editor without text; its message is shown on the editor. */
export const richTextRequired = (message: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (isBlankRichText(typeof value === 'string' ? value : '')) throw new Error(message);
  },
});
