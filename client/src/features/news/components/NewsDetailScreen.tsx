import { PageHeader } from '../../../components/PageHeader';

export function NewsDetailScreen() {
  return (
    <section className="screen">
      <PageHeader title="News" />
    </section>
  );
}
