/** Texts of the DreamView scenes' screen (the light-effect library's field and column texts), under `appContent` (appcontent.locale.ts). */
import { lightEffectsEnUS, lightEffectsZhCN } from '../light-effects/light-effects.locale';

const { column: columnZh, field: fieldZh } = lightEffectsZhCN.lightEffect;
const { column: columnEn, field: fieldEn } = lightEffectsEnUS.lightEffect;

export const dreamViewZhCN = {
  dreamView: {
    title: 'DreamView 场景',
    subtitle:
      'DreamView 随屏幕氛围点亮房间的场景：每个场景是一个灯效（模式、颜色、各段颜色、动态模式的速度 1–100、亮度），规则与灯效库相同；支持的型号在定向的设备型号中，至少选一个。',
    search: '名称或场景名',
    create: '新建场景',
    createTitle: '新建 DreamView 场景',
    editTitle: '编辑 DreamView 场景',
    empty: '还没有 DreamView 场景',
    nameHint: '仅后台可见，用于区分场景',
    column: { ...columnZh, title: '场景名' },
    field: { ...fieldZh, titleZh: '场景名（中文）', titleEn: '场景名（英文）' },
    saved: '场景「{{name}}」已保存',
    deleted: '场景「{{name}}」已删除',
    confirmDelete: '删除场景「{{name}}」？',
  },
};

export const dreamViewEnUS: typeof dreamViewZhCN = {
  dreamView: {
    title: 'DreamView scenes',
    subtitle:
      "Scenes DreamView lights the room with around a screen: each is a light effect (mode, colours, the colour of each segment, a speed of 1–100 for a moving mode, brightness) held to the library's rules; the models that support it are the targeting's device models, one at least.",
    search: 'Name or scene name',
    create: 'New scene',
    createTitle: 'New DreamView scene',
    editTitle: 'Edit DreamView scene',
    empty: 'No DreamView scenes yet',
    nameHint: 'Seen only here, to tell scenes apart',
    column: { ...columnEn, title: 'Scene' },
    field: { ...fieldEn, titleZh: 'Scene name (Chinese)', titleEn: 'Scene name (English)' },
    saved: 'Scene “{{name}}” saved',
    deleted: 'Scene “{{name}}” deleted',
    confirmDelete: 'Delete scene “{{name}}”?',
  },
};
