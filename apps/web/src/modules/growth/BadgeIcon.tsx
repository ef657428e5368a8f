/** A badge's icon from the contract's fixed set, drawn as a round medal in the icon's colour. */
import {
  BookOutlined,
  BulbOutlined,
  CrownOutlined,
  FireOutlined,
  HeartOutlined,
  RocketOutlined,
  SafetyOutlined,
  SmileOutlined,
  StarOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { BadgeIcon as Icon } from '@bo/contract/growth/badges';
import type { ComponentType } from 'react';

const ICONS: Record<Icon, { C: ComponentType<{ style?: React.CSSProperties }>; color: string }> = {
  star: { C: StarOutlined, color: '#faad14' },
  trophy: { C: TrophyOutlined, color: '#d48806' },
  rocket: { C: RocketOutlined, color: '#1677ff' },
  heart: { C: HeartOutlined, color: '#eb2f96' },
  bulb: { C: BulbOutlined, color: '#fa8c16' },
  team: { C: TeamOutlined, color: '#13c2c2' },
  crown: { C: CrownOutlined, color: '#722ed1' },
  fire: { C: FireOutlined, color: '#f5222d' },
  thunder: { C: ThunderboltOutlined, color: '#2f54eb' },
  smile: { C: SmileOutlined, color: '#52c41a' },
  safety: { C: SafetyOutlined, color: '#389e0d' },
  book: { C: BookOutlined, color: '#08979c' },
};

export function BadgeIcon({ icon, size = 20, muted = false }: { icon: Icon; size?: number; muted?: boolean }) {
  const { C, color } = ICONS[icon];
  const tone = muted ? '#bfbfbf' : color;
  return (
    <span
      data-testid={`badge-icon-${icon}`}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size * 1.8,
        height: size * 1.8,
        borderRadius: '50%',
        background: `${tone}1f`,
        border: `2px solid ${tone}`,
        flex: 'none',
      }}
    >
      <C style={{ fontSize: size, color: tone }} />
    </span>
  );
}
