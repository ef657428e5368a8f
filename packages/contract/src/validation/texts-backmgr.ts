/** Field messages of the back office (/backMgr): notices, FBA codes, documents and the menu overlay. */
import { texts } from './texts';

export const BACKMGR_TEXTS = {
  'backMgr.titleRequired': texts('Give the title in Chinese or in English', '请填写中文或英文标题'),
  'backMgr.bodyRequired': texts('Give the text in Chinese or in English', '请填写中文或英文内容'),
  'backMgr.pickAudience': texts('Choose at least one', '请至少选择一项'),
  'backMgr.fbaCode': texts('3 to 8 upper-case letters or digits, e.g. PHX7', '3–8 位大写字母或数字，如 PHX7'),
  'backMgr.fbaCodeTaken': texts('This code exists for this marketplace already', '该站点已有此编码'),
  'backMgr.notInCatalogue': texts('Not a menu group or menu route of the catalogue', '不是路由目录中的菜单分组或菜单页面'),
} as const;
