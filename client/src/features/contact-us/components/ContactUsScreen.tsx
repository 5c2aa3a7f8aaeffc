import { PageHeader } from '../../../components/PageHeader';

export function ContactUsScreen() {
  return (
    <section className="screen">
      <PageHeader title="Contact Us" />
    </section>
  );
}
