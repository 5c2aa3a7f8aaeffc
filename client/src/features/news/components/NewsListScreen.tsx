import { PageHeader } from '../../../components/PageHeader';

export function NewsListScreen() {
  return (
    <section className="screen">
      <PageHeader title="News" />
    </section>
  );
}
