import { APP_KEY_HEADER } from '@bo/contract/appcontent/app-api';
import { MAX_APPLICATION_BYTES } from '@bo/contract/trials/forms';
import { publicTrials, questionnaires, selections, trials, winners } from '@bo/contract/trials/trials';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { bind } from '../../platform/http/binder';
import { AppKeys, admit, RateLimiter } from '../appcontent/app-read';
import * as apps from './applications.service';
import { registerTrialPage } from './public-page';
import * as qs from './questionnaires.service';
import * as sel from './selections.service';
import * as svc from './trials.service';
import * as win from './winners.service';

/** Trials, questionnaires, selections and winners; the public call and page that take applications. */
export function trialsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, trials.list, async ({ query, actor }) => svc.listTrials(ctx, actor, query));
  bind(app, trials.get, async ({ params, actor }) => svc.getTrial(ctx, actor, params.id));
  bind(app, trials.create, async ({ body, actor }) => svc.createTrial(ctx, actor, body));
  bind(app, trials.update, async ({ params, body, actor, lang }) => svc.updateTrial(ctx, actor, params.id, body, lang));
  bind(app, trials.act, async ({ params, body, actor, lang }) => svc.actOnTrial(ctx, actor, params.id, body, lang));
  bind(app, trials.publish, async ({ params, body, actor, lang }) => svc.publishWinners(ctx, actor, params.id, body, lang));
  bind(app, trials.remove, async ({ params, actor, lang }) => svc.deleteTrial(ctx, actor, params.id, lang));
  bind(app, trials.applications, async ({ params, query, actor }) => apps.listApplications(ctx, actor, params.id, query));
  bind(app, trials.exportApplications, async ({ params, query, actor }) => apps.exportApplications(ctx, actor, params.id, query));
  bind(app, trials.questionnaireChoices, async ({ actor }) => qs.questionnaireChoices(ctx, actor));

  bind(app, questionnaires.list, async ({ query, actor }) => qs.listQuestionnaires(ctx, actor, query));
  bind(app, questionnaires.get, async ({ params, actor }) => qs.getQuestionnaire(ctx, actor, params.id));
  bind(app, questionnaires.create, async ({ body, actor }) => qs.createQuestionnaire(ctx, actor, body));
  bind(app, questionnaires.update, async ({ params, body, actor, lang }) =>
    qs.updateQuestionnaire(ctx, actor, params.id, body, lang),
  );
  bind(app, questionnaires.copy, async ({ params, actor, lang }) => qs.copyQuestionnaire(ctx, actor, params.id, lang));
  bind(app, questionnaires.remove, async ({ params, actor, lang }) => qs.deleteQuestionnaire(ctx, actor, params.id, lang));

  bind(app, selections.list, async ({ query, actor }) => sel.listSelections(ctx, actor, query));
  bind(app, selections.get, async ({ params, actor }) => sel.getSelection(ctx, actor, params.id));
  bind(app, selections.count, async ({ body, actor }) => sel.countMatching(ctx, actor, body));
  bind(app, selections.create, async ({ body, actor }) => sel.createSelection(ctx, actor, body));
  bind(app, selections.update, async ({ params, body, actor, lang }) => sel.updateSelection(ctx, actor, params.id, body, lang));
  bind(app, selections.remove, async ({ params, actor, lang }) => sel.deleteSelection(ctx, actor, params.id, lang));

  bind(app, winners.list, async ({ params, actor }) => win.listWinners(ctx, actor, params.id));
  bind(app, winners.replace, async ({ params, body, actor, lang }) => win.replaceWinner(ctx, actor, params.id, body, lang));
  bind(app, winners.ship, async ({ params, body, actor, lang }) => win.shipWinner(ctx, actor, params.id, body, lang));

  // The public side: admitted like the content read API (a known app key its own limit, an
  // unknown one 401, none per address), counted by this area's limiter, per process; a body
  // over MAX_APPLICATION_BYTES is refused (413) before it is read.
  const limiter = new RateLimiter();
  const keys = new AppKeys(ctx.db);
  app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const key = req.headers[APP_KEY_HEADER];
      await admit(keys, limiter, Array.isArray(key) ? key[0] : key, req.ip);
      if (Number(req.headers['content-length'] ?? 0) > MAX_APPLICATION_BYTES)
        throw new AppError(413, 413, `an application is at most ${MAX_APPLICATION_BYTES} bytes`);
    });
    bind(api, publicTrials.get, async ({ params, query }) => apps.publicTrial(ctx, params.code, query.lang));
    bind(api, publicTrials.apply, async ({ params, body }) => apps.apply(ctx, params.code, body));
  });
  registerTrialPage(app, ctx, keys, limiter);
}
