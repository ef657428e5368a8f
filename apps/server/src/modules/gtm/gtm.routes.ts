import * as pb from '@bo/contract/gtm/playbook';
import * as st from '@bo/contract/gtm/steps';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as playbook from './playbook.service';
import * as steps from './steps.service';

/** The go-to-market playbook (/gtm/mgr) and the GTM projects' steps (/gtmSteps); docs/gtm.md. */
export function gtmRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, pb.listPlaybook, async ({ actor, query }) => playbook.list(ctx, actor, query));
  bind(app, pb.createPlaybookStep, async ({ actor, body }) => playbook.create(ctx, actor, body));
  bind(app, pb.updatePlaybookStep, async ({ actor, params, body }) => playbook.update(ctx, actor, params.id, body));
  bind(app, pb.movePlaybookStep, async ({ actor, params, body }) => playbook.move(ctx, actor, params.id, body));
  bind(app, pb.deletePlaybookStep, async ({ actor, params }) => playbook.remove(ctx, actor, params.id));
  bind(app, st.gtmBoard, async ({ actor, query, lang }) => steps.board(ctx, actor, query, lang));
  bind(app, st.projectSteps, async ({ actor, params, lang }) => steps.projectSteps(ctx, actor, params.projectId, lang));
  bind(app, st.applyPlaybook, async ({ actor, params, lang }) => steps.apply(ctx, actor, params.projectId, lang));
  bind(app, st.updateProjectStep, async ({ actor, params, body, lang }) => steps.update(ctx, actor, params.id, body, lang));
  bind(app, st.actOnProjectStep, async ({ actor, params, body, lang }) => steps.act(ctx, actor, params.id, body, lang));
  bind(app, st.gtmOptions, async ({ actor }) => steps.options(ctx, actor));
}
