import { TemplateListView } from './components/TemplateListView';

/** /mailTemplate: reply templates. */
export default function MailTemplateListPage() {
  return <TemplateListView kind="reply" />;
}
