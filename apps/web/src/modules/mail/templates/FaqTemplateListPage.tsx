import { TemplateListView } from './components/TemplateListView';

/** /faqtemplate: FAQ answer templates of Q&A replies, per marketplace and ASIN. */
export default function FaqTemplateListPage() {
  return <TemplateListView kind="faq" />;
}
