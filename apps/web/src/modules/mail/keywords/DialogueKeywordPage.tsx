import { KeywordRulesView } from './components/KeywordRulesView';

/** /mail/setKeyWord: keyword → dialogue type rules. */
export default function DialogueKeywordPage() {
  return <KeywordRulesView kind="dialogue" />;
}
