import { PageHeader } from '../../../components/PageHeader';

export function ServicesListScreen() {
  return (
    <section className="screen">
      <PageHeader title="Services" />
    </section>
  );
}
