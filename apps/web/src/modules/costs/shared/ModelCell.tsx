import { Typography } from 'antd';

/** A product model with its name below, kept narrow so the cost columns stay in view. */
export function ModelCell({ model, name }: { model: string; name: string }) {
  return (
    <div style={{ maxWidth: 220 }}>
      <div>{model}</div>
      <Typography.Text type="secondary" ellipsis={{ tooltip: name }} style={{ fontSize: 12, maxWidth: 220 }}>
        {name}
      </Typography.Text>
    </div>
  );
}
