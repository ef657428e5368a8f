/** The inputs of one block, by its kind, each bound at `blocks.N.field` (the server's field codes land on them). */
import { H5_ALIGNS, H5_BUTTON_STYLES, H5_FONTS, H5_SIZES, type H5BlockKind } from '@bo/contract/h5pages/blocks';
import type { H5Endpoints } from '@bo/contract/h5pages/h5-pages';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../../../shared/i18n/lang';
import { LineField } from '../../../shared/kit/FormLines';
import { ImageInput, RunsInput, SkuInput } from './inputs';

function Labeled({ label, children, extra }: { label: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ marginBottom: 4 }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </Typography.Text>
      {children}
      {extra && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: -16, marginBottom: 12 }}>
          {extra}
        </Typography.Text>
      )}
    </div>
  );
}

export function BlockFields({
  kind,
  index,
  field,
  ep,
  segment,
}: {
  kind: H5BlockKind;
  index: number;
  field: (name: string) => (string | number)[];
  ep: H5Endpoints;
  segment: string;
}) {
  const { t } = useTexts();
  const id = (name: string) => `h5-block-${index}-${name}`;
  const pair = (zh: string, en: string, zhLabel: string, enLabel: string, max: number) => (
    <Row gutter={12}>
      <Col span={12}>
        <Labeled label={zhLabel}>
          <LineField name={field(zh)}>
            <Input maxLength={max} data-testid={id(zh)} />
          </LineField>
        </Labeled>
      </Col>
      <Col span={12}>
        <Labeled label={enLabel}>
          <LineField name={field(en)}>
            <Input maxLength={max} data-testid={id(en)} />
          </LineField>
        </Labeled>
      </Col>
    </Row>
  );
  const link = (name: string, label: string, extra?: string) => (
    <Labeled label={label} extra={extra}>
      <LineField name={field(name)}>
        <Input maxLength={1000} placeholder="https://… / lumio://…" data-testid={id(name)} />
      </LineField>
    </Labeled>
  );
  const fontSelect = (
    <Select
      allowClear
      placeholder={t('h5Pages.blocks.defaultFont')}
      options={H5_FONTS.map((f) => ({ value: f.name, label: <span style={{ fontFamily: f.css }}>{f.name}</span> }))}
      data-testid={id('font')}
    />
  );
  const colour = <Input placeholder="#RRGGBB" maxLength={7} allowClear data-testid={id('color')} />;
  const nullIfEmpty = (v: unknown) => (v === '' || v === undefined ? null : v);
  const style = (withSize: boolean) => (
    <Row gutter={12}>
      <Col span={withSize ? 8 : 12}>
        <Labeled label={t('h5Pages.blocks.font')}>
          <LineField name={field('font')}>{fontSelect}</LineField>
        </Labeled>
      </Col>
      {withSize && (
        <Col span={8}>
          <Labeled label={t('h5Pages.blocks.size')}>
            <LineField name={field('size')}>
              <Select
                options={(Object.keys(H5_SIZES) as (keyof typeof H5_SIZES)[]).map((s) => ({
                  value: s,
                  label: `${t(`h5Pages.blocks.sizes.${s}`)} (${H5_SIZES[s]} px)`,
                }))}
                data-testid={id('size')}
              />
            </LineField>
          </Labeled>
        </Col>
      )}
      <Col span={withSize ? 8 : 12}>
        <Labeled label={t('h5Pages.blocks.color')}>
          <Form.Item name={field('color')} normalize={nullIfEmpty}>
            {colour}
          </Form.Item>
        </Labeled>
      </Col>
      <Col span={24}>
        <Labeled label={t('h5Pages.blocks.align')}>
          <LineField name={field('align')}>
            <Radio.Group
              optionType="button"
              options={H5_ALIGNS.map((a) => ({ value: a, label: t(`h5Pages.blocks.aligns.${a}`) }))}
              data-testid={id('align')}
            />
          </LineField>
        </Labeled>
      </Col>
    </Row>
  );

  const kindField = (
    <LineField name={field('kind')} hidden>
      <Input />
    </LineField>
  );

  switch (kind) {
    case 'heading':
      return (
        <>
          {kindField}
          {pair('textZh', 'textEn', t('h5Pages.blocks.textZh'), t('h5Pages.blocks.textEn'), 200)}
          <Labeled label={t('h5Pages.blocks.level')}>
            <LineField name={field('level')}>
              <Radio.Group optionType="button" options={[1, 2, 3].map((l) => ({ value: l, label: `H${l}` }))} />
            </LineField>
          </Labeled>
          {style(false)}
        </>
      );
    case 'paragraph':
      return (
        <>
          {kindField}
          <Labeled label={t('h5Pages.blocks.textZh')} extra={t('h5Pages.blocks.markupHint')}>
            <LineField name={field('zh')}>
              <RunsInput testId={id('zh')} />
            </LineField>
          </Labeled>
          <Labeled label={t('h5Pages.blocks.textEn')} extra={t('h5Pages.blocks.markupHint')}>
            <LineField name={field('en')}>
              <RunsInput testId={id('en')} />
            </LineField>
          </Labeled>
          {style(true)}
        </>
      );
    case 'image':
      return (
        <>
          {kindField}
          <Labeled label={t('h5Pages.blocks.image')}>
            <LineField name={field('fileId')}>
              <ImageInput ep={ep} testId={id('image')} />
            </LineField>
          </Labeled>
          {pair('altZh', 'altEn', t('h5Pages.blocks.altZh'), t('h5Pages.blocks.altEn'), 200)}
          {link('link', t('h5Pages.blocks.link'), t('h5Pages.blocks.linkHint'))}
        </>
      );
    case 'product':
      return (
        <>
          {kindField}
          <Labeled label={t('h5Pages.blocks.sku')}>
            <LineField name={field('sku')}>
              <SkuInput ep={ep} segment={segment} testId={id('sku')} />
            </LineField>
          </Labeled>
          {link('buyLink', t('h5Pages.blocks.buyLink'))}
          {pair('noteZh', 'noteEn', t('h5Pages.blocks.noteZh'), t('h5Pages.blocks.noteEn'), 200)}
          <Labeled label={t('h5Pages.blocks.cardImage')}>
            <LineField name={field('fileId')}>
              <ImageInput ep={ep} testId={id('card-image')} />
            </LineField>
          </Labeled>
        </>
      );
    case 'button':
      return (
        <>
          {kindField}
          {pair('labelZh', 'labelEn', t('h5Pages.blocks.labelZh'), t('h5Pages.blocks.labelEn'), 40)}
          {link('link', t('h5Pages.blocks.link'))}
          <Labeled label={t('h5Pages.blocks.style')}>
            <LineField name={field('style')}>
              <Radio.Group
                optionType="button"
                options={H5_BUTTON_STYLES.map((s) => ({ value: s, label: t(`h5Pages.blocks.styles.${s}`) }))}
              />
            </LineField>
          </Labeled>
        </>
      );
    case 'spacer':
      return (
        <>
          {kindField}
          <Labeled label={t('h5Pages.blocks.height')}>
            <LineField name={field('height')}>
              <InputNumber min={4} max={160} data-testid={id('height')} />
            </LineField>
          </Labeled>
        </>
      );
    case 'divider':
      return (
        <>
          {kindField}
          <Typography.Text type="secondary">{t('h5Pages.blocks.dividerNote')}</Typography.Text>
        </>
      );
  }
}
