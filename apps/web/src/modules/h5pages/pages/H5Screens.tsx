/**
 * The screens of the H5 routes. /user-platform/h5Making holds its editor in the same route
 * (`?edit=ID`, `?edit=new`: the catalogue has no edit route for it); the activity pages open
 * theirs on their edit routes (`?id=`).
 */
import type { H5Type } from '@bo/contract/h5pages/h5-pages';
import { useNavigate, useSearchParams } from 'react-router';
import { H5EditPage } from '../editor/H5EditPage';
import { H5ListPage } from './H5ListPage';

const ROUTES: Record<Exclude<H5Type, 'page'>, { list: string; edit: string }> = {
  activityHome: { list: '/user-platform/h5ActivityMaking/index', edit: '/user-platform/h5ActivityMaking/editIndex' },
  newProductIntro: {
    list: '/user-platform/h5ActivityMaking/newProductIntro',
    edit: '/user-platform/h5ActivityMaking/editNewProductIntro',
  },
};

/** /user-platform/h5Making: the list, or the editor of `?edit=`. */
export function H5MakingScreen() {
  const [params, setParams] = useSearchParams();
  const edit = params.get('edit');
  const openEditor = (id: number | null) => setParams({ edit: id === null ? 'new' : String(id) });
  if (edit) {
    const id = edit === 'new' ? null : Number(edit) || null;
    return (
      <H5EditPage
        key={edit}
        type="page"
        id={id}
        back={() => setParams({})}
        opened={(newId) => setParams({ edit: String(newId) })}
      />
    );
  }
  return <H5ListPage type="page" openEditor={openEditor} />;
}

export function ActivityListScreen({ type }: { type: Exclude<H5Type, 'page'> }) {
  const navigate = useNavigate();
  const r = ROUTES[type];
  return <H5ListPage type={type} openEditor={(id) => navigate(id === null ? r.edit : `${r.edit}?id=${id}`)} />;
}

export function ActivityEditScreen({ type }: { type: Exclude<H5Type, 'page'> }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const r = ROUTES[type];
  return (
    <H5EditPage
      key={id ?? 'new'}
      type={type}
      id={id}
      back={() => navigate(r.list)}
      opened={(newId) => navigate(`${r.edit}?id=${newId}`, { replace: true })}
    />
  );
}
