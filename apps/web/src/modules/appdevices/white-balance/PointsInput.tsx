/**
 * A calibration table's points in the edit drawer: one row per point (colour temperature, then
 * the R, G, B gains and W for an RGBW table), added after the last (500 K warmer steps up) and
 * removed, WB_LIMITS.points.min to max of them. Points out of order are flagged here as the
 * server would (`appDevices.cctAscending`); the server's codes land on the point's cell
 * (`points.2.cct`).
 */
import { fieldText } from '@bo/contract';
import { WB_LIMITS, type WbChannels } from '@bo/contract/appdevices/white-balance';
import { Col, Form, InputNumber, Row, Space, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { AddRowFooter, RemoveRowButton } from '../components/RowButtons';
import type { GainPoint } from './GainChart';

const T = 'appDevices.whiteBalance';
const GAINS = ['r', 'g', 'b', 'w'] as const;

/** The point after `last`: 500 K above it (within the range), the same gains. */
export const nextPoint = (last: GainPoint | undefined, channels: WbChannels) => ({
  cct: Math.min(WB_LIMITS.cct.max, (last?.cct ?? 2200) + 500),
  r: last?.r ?? 1,
  g: last?.g ?? 1,
  b: last?.b ?? 1,
  w: channels === 'rgbw' ? (last?.w ?? 1) : null,
});

export function PointsInput({ channels, disabled }: { channels: WbChannels; disabled?: boolean }) {
  const { t, lang } = useTexts();
  const form = Form.useFormInstance();
  const points = (): GainPoint[] => (form.getFieldValue('points') as GainPoint[] | undefined) ?? [];
  const shown = channels === 'rgbw' ? GAINS : GAINS.slice(0, 3);
  return (
    <Form.List name="points">
      {(rows, { add, remove }, { errors }) => (
        <Form.Item
          label={t(`${T}.field.points`)}
          extra={t(`${T}.field.pointsHint`, { min: WB_LIMITS.points.min, max: WB_LIMITS.points.max })}
          required
        >
          <Space orientation="vertical" size={0} style={{ width: '100%' }} data-testid="wb-points">
            <Row gutter={6}>
              <Col flex="130px">
                <Typography.Text type="secondary">{t(`${T}.field.cct`)}</Typography.Text>
              </Col>
              {shown.map((g) => (
                <Col key={g} flex="1">
                  <Typography.Text type="secondary">{t(`${T}.gain.${g}`)}</Typography.Text>
                </Col>
              ))}
              <Col flex="32px" />
            </Row>
            {rows.map((row, i) => (
              <Row key={row.key} gutter={6} wrap={false} align="top">
                <Col flex="130px">
                  <Form.Item
                    name={[row.name, 'cct']}
                    style={{ marginBottom: 6 }}
                    dependencies={i > 0 ? [['points', rows[i - 1]?.name ?? 0, 'cct']] : []}
                    rules={[
                      {
                        validator: async (_, v: number | null) => {
                          const before = i > 0 ? points()[i - 1]?.cct : null;
                          if (v != null && before != null && v <= before)
                            throw new Error(fieldText('appDevices.cctAscending', lang, { cct: before }));
                        },
                      },
                    ]}
                  >
                    <InputNumber
                      min={WB_LIMITS.cct.min}
                      max={WB_LIMITS.cct.max}
                      step={100}
                      precision={0}
                      disabled={disabled}
                      style={{ width: '100%' }}
                      data-testid={`wb-point-${i}-cct`}
                    />
                  </Form.Item>
                </Col>
                {shown.map((g) => (
                  <Col key={g} flex="1">
                    <Form.Item name={[row.name, g]} style={{ marginBottom: 6 }}>
                      <InputNumber
                        min={WB_LIMITS.gain.min}
                        max={WB_LIMITS.gain.max}
                        step={0.01}
                        precision={4}
                        disabled={disabled}
                        style={{ width: '100%' }}
                        data-testid={`wb-point-${i}-${g}`}
                      />
                    </Form.Item>
                  </Col>
                ))}
                <Col flex="32px">
                  <RemoveRowButton
                    disabled={!!disabled || rows.length <= WB_LIMITS.points.min}
                    onClick={() => remove(row.name)}
                    label={t(`${T}.field.pointRemove`)}
                    testId={`wb-point-${i}-remove`}
                  />
                </Col>
              </Row>
            ))}
            <AddRowFooter
              disabled={!!disabled || rows.length >= WB_LIMITS.points.max}
              onClick={() => add(nextPoint(points().at(-1), channels))}
              testId="wb-point-add"
              errors={errors}
            >
              {t(`${T}.field.pointAdd`)}
            </AddRowFooter>
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}
