import { KeywordRulesView } from './components/KeywordRulesView';

/** /mail/productKeyWord: keyword → product line rules. */
export default function ProductKeywordPage() {
  return <KeywordRulesView kind="product" />;
}
