import { Link } from 'react-router-dom';
import { paths } from './paths';
import { useDocumentTitle } from '../lib/use-document-title';

/** A screen the account's role may not use, opened by its address (a bookmark, a colleague's link). */
export function ForbiddenScreen() {
  useDocumentTitle('No access');
  return (
    <section className="screen">
      <h1>You don't have access to this page</h1>
      <p>Your role does not include this part of the admin panel. An administrator can change your role if you need it.</p>
      <Link to={paths.admin}>Go to the dashboard</Link>
    </section>
  );
}
