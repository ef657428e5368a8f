/** ECharts' tooltip and axis pointer, registered lazily (see loadTooltip in echarts-core.ts). */
import { TooltipComponent } from 'echarts/components';
import { echarts } from './echarts-core';

echarts.use([TooltipComponent]);
