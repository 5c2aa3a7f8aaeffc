import { PageHeader } from '../../../components/PageHeader';

export function NewsFormScreen() {
  return (
    <section className="screen">
      <PageHeader title="Create News" />
    </section>
  );
}
