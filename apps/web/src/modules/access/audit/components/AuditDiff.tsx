import { Col, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changedKeys, prettyJson } from '../audit-diff';

interface Props {
  before: unknown;
  after: unknown;
}

const preStyle = {
  margin: 0,
  padding: 12,
  maxHeight: 360,
  overflow: 'auto',
  background: '#f7f8fa',
  border: '1px solid #eef0f4',
  borderRadius: 6,
  fontSize: 12,
  lineHeight: 1.5,
} as const;

/** Before and after of an audit row side by side, with the top-level keys that changed. */
export function AuditDiff({ before, after }: Props) {
  const { t } = useTranslation();
  const changed = changedKeys(before, after);
  return (
    <div data-testid="audit-diff">
      {changed.length > 0 && (
        <Space size={[4, 4]} wrap style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('audit.changed')}</Typography.Text>
          {changed.map((k) => (
            <Tag key={k} color="blue">
              {k}
            </Tag>
          ))}
        </Space>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('audit.before')}</Typography.Text>
          <pre style={preStyle}>{prettyJson(before)}</pre>
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('audit.after')}</Typography.Text>
          <pre style={preStyle}>{prettyJson(after)}</pre>
        </Col>
      </Row>
    </div>
  );
}
