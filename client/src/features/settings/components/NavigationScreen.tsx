import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { SelectField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst } from '../../../components/useForm';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { ApiError, errorMessage } from '../../../lib/api';
import { useLoggedError } from '../../../lib/use-logged-error';
import { settingsQueries, useUpdateNavigation, type Navigation } from '../api/settings';
import {
  checkMenus,
  HEADER_LIMIT,
  leftOut,
  moveItem,
  normalizeFieldKey,
  SITE_TARGETS,
  targetChoice,
  targetOf,
  type MenuName,
  type NavItem,
  type PageChoice,
} from '../navigation';
import '../../../components/Field.css';
import './NavigationScreen.css';

/** A menu item as the editor holds it: with a key of its own, which stays with it as it moves. */
interface Row extends NavItem {
  key: number;
}

type Menus = Record<MenuName, Row[]>;

const MENU_NAMES: Record<MenuName, { title: string; one: string }> = {
  header: { title: 'Header menu', one: 'Header link' },
  footer: { title: 'Footer menu', one: 'Footer link' },
};

let lastKey = 0;
/** A key no row had before (the rows' keys only need to differ within this screen). */
function newKey(): number {
  lastKey += 1;
  return lastKey;
}
const withKeys = (items: NavItem[]): Row[] => items.map((item) => ({ ...item, key: newKey() }));
const withoutKeys = (menus: Menus): Navigation => ({
  header: menus.header.map(({ id, label, target }) => ({ id, label, target })),
  footer: menus.footer.map(({ id, label, target }) => ({ id, label, target })),
});

/** /admin/settings/navigation: the public site's header and footer menus. */
export function NavigationScreen() {
  const query = useQuery(settingsQueries.navigation());
  return (
    <LoadFirst
      query={query}
      title="Navigation"
      loading="Loading the menus"
      logAs="Loading the menus failed"
      failed={() => (
        <>
          <Alert>Sorry, the menus could not be loaded.</Alert>
          <p className="form__actions">
            <button type="button" className="button" onClick={() => void query.refetch()}>
              Try again
            </button>
            <Link className="button" to={paths.settings}>
              Back to the settings
            </Link>
          </p>
        </>
      )}
    >
      {(navigation) => <NavigationForm initial={navigation} />}
    </LoadFirst>
  );
}

/** Where the focus goes after the next render: a control of one row (by its key), or a menu's Add. */
type FocusTarget = { key: number; control: 'label' | 'up' | 'down' | 'remove' } | { add: MenuName };

function NavigationForm({ initial }: { initial: Navigation }) {
  const pages = useQuery(settingsQueries.pageChoices());
  useLoggedError('Loading the pages for the menus failed', pages.error);
  const update = useUpdateNavigation();
  const notify = useNotify();
  const [saved, setSaved] = useState<Navigation>(initial);
  const [menus, setMenus] = useState<Menus>(() => ({ header: withKeys(initial.header), footer: withKeys(initial.footer) }));
  // The problems shown at the fields: the editor's own checks, or the server's refusal (`header.0.label`…).
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focusNext = useRef<FocusTarget | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  // The time the screen opened: whether a scheduled page is live yet.
  const [now] = useState(() => Date.now());

  const dirty = JSON.stringify(withoutKeys(menus)) !== JSON.stringify(saved);
  const guard = useUnsavedChanges(dirty && !saving);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const selector = 'add' in target ? `[data-add="${target.add}"]` : `[data-row="${target.key}"] [data-control="${target.control}"]`;
    const element = formRef.current?.querySelector<HTMLElement>(selector);
    // A Move button that cannot move further is disabled: the focus goes to the other one.
    if (element && !(element as HTMLButtonElement).disabled) element.focus();
    else if (!('add' in target))
      formRef.current
        ?.querySelector<HTMLElement>(`[data-row="${target.key}"] [data-control="${target.control === 'up' ? 'down' : 'up'}"]`)
        ?.focus();
  });

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  /** Changes one menu; a problem shown for that menu goes (its places may have moved). */
  const change = (menu: MenuName, next: (rows: Row[]) => Row[], focus?: FocusTarget) => {
    setMenus((current) => ({ ...current, [menu]: next(current[menu]) }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(menu))));
    focusNext.current = focus ?? null;
  };

  const edit = (menu: MenuName, key: number, patch: Partial<NavItem>) =>
    change(menu, (rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const add = (menu: MenuName) => {
    const firstPage = pages.data?.[0];
    const row: Row = { key: newKey(), label: '', target: firstPage ? { kind: 'page', id: firstPage.id } : { kind: 'home' } };
    change(menu, (rows) => [...rows, row], { key: row.key, control: 'label' });
  };

  const move = (menu: MenuName, key: number, by: number, control: 'up' | 'down') =>
    change(
      menu,
      (rows) => {
        const from = rows.findIndex((row) => row.key === key);
        return moveItem(rows, from, from + by);
      },
      { key, control },
    );

  const remove = (menu: MenuName, key: number) => {
    const rows = menus[menu];
    const index = rows.findIndex((row) => row.key === key);
    // The focus goes to the row that takes its place (or the one before), else to Add.
    const neighbour = rows[index + 1] ?? rows[index - 1];
    change(
      menu,
      (current) => current.filter((row) => row.key !== key),
      neighbour ? { key: neighbour.key, control: 'remove' } : { add: menu },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const navigation = withoutKeys(menus);
    const found = checkMenus(navigation);
    if (Object.keys(found).length > 0) {
      setProblems(found);
      setRefusals((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      const reply = await update.mutateAsync(navigation);
      setSaved(reply);
      setMenus({ header: withKeys(reply.header), footer: withKeys(reply.footer) });
      setProblems({});
      notify({ message: 'Navigation saved' });
    } catch (error) {
      const refused = error instanceof ApiError ? error.fieldErrors : {};
      const byField = Object.fromEntries(Object.entries(refused).map(([key, value]) => [normalizeFieldKey(key), value.msg]));
      const shown = Object.keys(byField).filter((key) => /^(header|footer)\.\d+\./.test(key) || key === 'header' || key === 'footer');
      setProblems(byField);
      if (shown.length < Object.keys(byField).length || shown.length === 0) {
        setFormError(errorMessage(error, 'Sorry, the menus could not be saved. Please try again.'));
        if (!(error instanceof ApiError && error.status === 400)) console.error('Saving the menus failed', error);
      }
      setRefusals((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="screen">
      <PageHeader title="Navigation">
        <Link className="button" to={paths.settings}>
          Back to the settings
        </Link>
      </PageHeader>
      <p className="form__hint navigation__intro">
        The links in the public site’s header and footer, in this order. Drag a link by its handle, or use Move up and Move down.
      </p>
      {pages.isError && (
        <Alert>
          The pages could not be loaded, so they cannot be chosen now.{' '}
          <button type="button" className="button button--small" onClick={() => void pages.refetch()}>
            Retry
          </button>
        </Alert>
      )}
      <form
        ref={formRef}
        className="form navigation"
        aria-label="Navigation"
        noValidate
        aria-busy={saving}
        onSubmit={(event) => void onSubmit(event)}
      >
        {(['header', 'footer'] as const).map((menu) => (
          <MenuEditor
            key={menu}
            menu={menu}
            rows={menus[menu]}
            pages={pages.data ?? []}
            now={now}
            problems={problems}
            onEdit={(key, patch) => edit(menu, key, patch)}
            onAdd={() => add(menu)}
            onMove={(key, by, control) => move(menu, key, by, control)}
            onDrop={(from, to) => change(menu, (rows) => moveItem(rows, from, to))}
            onRemove={(key) => remove(menu, key)}
          />
        ))}
        {formError && <Alert>{formError}</Alert>}
        <FormActions submit="Save navigation" busy={saving} />
      </form>
      {guard.dialog}
    </section>
  );
}

function MenuEditor({
  menu,
  rows,
  pages,
  now,
  problems,
  onEdit,
  onAdd,
  onMove,
  onDrop,
  onRemove,
}: {
  menu: MenuName;
  rows: Row[];
  pages: PageChoice[];
  now: number;
  problems: Record<string, string>;
  onEdit: (key: number, patch: Partial<NavItem>) => void;
  onAdd: () => void;
  onMove: (key: number, by: number, control: 'up' | 'down') => void;
  onDrop: (from: number, to: number) => void;
  onRemove: (key: number) => void;
}) {
  const names = MENU_NAMES[menu];
  const full = menu === 'header' && rows.length >= HEADER_LIMIT;
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const limitId = `navigation-${menu}-limit`;
  const menuProblem = problems[menu];
  return (
    <fieldset className="navigation__menu">
      <legend>{names.title}</legend>
      {menu === 'header' && (
        <p className="form__hint" id={limitId}>
          {full
            ? `The header holds at most ${HEADER_LIMIT} links. Remove one to add another.`
            : `Up to ${HEADER_LIMIT} links, so that the header fits on a phone.`}
        </p>
      )}
      {menuProblem && <p className="field__error">{menuProblem}</p>}
      {rows.length === 0 ? (
        <p className="navigation__empty">No links: the site shows no {menu} menu.</p>
      ) : (
        <ol className="navigation__items">
          {rows.map((row, index) => {
            const name = row.label.trim() || `${names.one.toLowerCase()} ${index + 1}`;
            const problem = (field: string) => problems[`${menu}.${index}.${field}`];
            const warning = leftOut(row.target, pages, now);
            const missingPage =
              row.target.kind === 'page' && !pages.some((page) => row.target.kind === 'page' && page.id === row.target.id);
            return (
              <li key={row.key}>
                <div
                  data-row={row.key}
                  role="group"
                  aria-label={`${names.one} ${index + 1}: ${name}`}
                  className={`navigation__item${dragged === index ? ' navigation__item--dragged' : ''}${over === index && dragged !== index ? ' navigation__item--over' : ''}`}
                  onDragOver={(event) => {
                    if (dragged === null) return;
                    event.preventDefault();
                    setOver(index);
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged !== null) onDrop(dragged, index);
                    setDragged(null);
                    setOver(null);
                  }}
                >
                  <span
                    className="navigation__handle"
                    draggable
                    title="Drag to move"
                    aria-hidden="true"
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', String(index));
                      const item = event.currentTarget.closest('li');
                      if (item) event.dataTransfer.setDragImage(item, 16, 16);
                      setDragged(index);
                    }}
                    onDragEnd={() => {
                      setDragged(null);
                      setOver(null);
                    }}
                  >
                    ⠿
                  </span>
                  <div className="navigation__fields">
                    <TextField
                      label="Label"
                      data-control="label"
                      value={row.label}
                      maxLength={60}
                      onChange={(event) => onEdit(row.key, { label: event.target.value })}
                      error={problem('label')}
                    />
                    <SelectField
                      label="Links to"
                      value={targetChoice(row.target)}
                      onChange={(event) => onEdit(row.key, { target: targetOf(event.target.value, row.target) })}
                      error={problem('target') ?? problem('target.id') ?? problem('target.kind')}
                    >
                      {SITE_TARGETS.map((target) => (
                        <option key={target.kind} value={target.kind}>
                          {target.name}
                        </option>
                      ))}
                      {pages.length > 0 && (
                        <optgroup label="Pages">
                          {pages.map((page) => (
                            <option key={page.id} value={`page:${page.id}`}>
                              {page.title}
                            </option>
                          ))}
                        </optgroup>
                      )}
                      {missingPage && <option value={targetChoice(row.target)}>A page in the trash or deleted</option>}
                      <option value="url">An https:// address</option>
                    </SelectField>
                    {row.target.kind === 'url' && (
                      <TextField
                        label="Address"
                        type="url"
                        inputMode="url"
                        hint="https:// addresses only."
                        value={row.target.url}
                        onChange={(event) => onEdit(row.key, { target: { kind: 'url', url: event.target.value } })}
                        error={problem('target.url')}
                      />
                    )}
                    {warning && (
                      <p className="navigation__warning">
                        <span aria-hidden="true">⚠ </span>
                        {warning}
                      </p>
                    )}
                  </div>
                  <div className="navigation__actions">
                    <button
                      type="button"
                      className="button button--small"
                      data-control="up"
                      disabled={index === 0}
                      onClick={() => onMove(row.key, -1, 'up')}
                    >
                      Move up <span className="visually-hidden">{name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      data-control="down"
                      disabled={index === rows.length - 1}
                      onClick={() => onMove(row.key, 1, 'down')}
                    >
                      Move down <span className="visually-hidden">{name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger-outline"
                      data-control="remove"
                      onClick={() => onRemove(row.key)}
                    >
                      Remove <span className="visually-hidden">{name}</span>
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className="button"
        data-add={menu}
        disabled={full}
        aria-describedby={menu === 'header' ? limitId : undefined}
        onClick={onAdd}
      >
        Add a link <span className="visually-hidden">to the {menu} menu</span>
      </button>
    </fieldset>
  );
}
