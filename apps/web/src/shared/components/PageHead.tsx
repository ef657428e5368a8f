/**
 * The heads of the screens, and the filters of a report-style one. `ScreenHead`: a list or form
 * screen's title and what it is for. `PageHead` and `FilterCard`: a report-style screen (a board,
 * an analysis, a one-shop PPC list): the title with its subtitle on the left, the screen's
 * buttons on the right, and the filters in a small card under it, wrapping on a narrow window;
 * their classes are those of the report screens' stylesheet (`modules/sales/shared/sales.css`),
 * which such a screen imports.
 */
import { Card, Flex, InputNumber, type InputNumberProps, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type HeadProps, useHead } from '../i18n/head-texts';

export function PageHead({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="bo-sales-head">
      <div>
        <Typography.Title level={3}>{title}</Typography.Title>
        {subtitle !== undefined && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra}
    </div>
  );
}

/** A report-style screen: its frame, the head (title, subtitle, the buttons in `extra`) and what follows. */
export function Page(props: HeadProps & { testId: string; extra?: ReactNode; className?: string; children?: ReactNode }) {
  const head = useHead(props);
  return (
    <div className={props.className ? `bo-page ${props.className}` : 'bo-page'} data-testid={props.testId}>
      <PageHead title={head.title} subtitle={head.subtitle} extra={props.extra} />
      {props.children}
    </div>
  );
}

/** The head of a list or form screen: its title and, under it, what the screen is for. */
export function ScreenHead({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="bo-page-head">
      <Typography.Title level={3}>{title}</Typography.Title>
      {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </div>
  );
}

/** The filters of a report-style screen: one wrapping row in a small card. */
export function FilterCard({ children }: { children: ReactNode }) {
  return (
    <Card className="bo-sales-filters" size="small">
      <Flex wrap gap={12} align="center">
        {children}
      </Flex>
    </Card>
  );
}

/** A number among the filters, named by the text before it (a threshold, a minimum). */
export function FilterNumber({ label, ...input }: { label: ReactNode } & InputNumberProps<number>) {
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <InputNumber<number> {...input} />
    </Space>
  );
}
