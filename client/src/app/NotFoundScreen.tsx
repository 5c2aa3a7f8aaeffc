import { Link } from 'react-router-dom';
import { paths } from './paths';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <section className="screen">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to={paths.services.list}>Go to Services</Link>
    </section>
  );
}
