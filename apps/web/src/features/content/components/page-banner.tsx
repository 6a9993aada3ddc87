import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './content.module.css';

/** The coloured header band of a content page: its title (the page's h1), a lead line and an optional picture. */
export function PageBanner({ id, title, lead, art }: { id: string; title: string; lead: string; art?: ReactNode }) {
  return (
    <section className={classes.banner} aria-labelledby={id}>
      <Container size="lg" className={classes.bannerInner} data-with-art={art ? true : undefined}>
        <div className={classes.bannerText}>
          <h1 id={id} className={classes.bannerTitle}>
            {title}
          </h1>
          <p className={classes.bannerLead}>{lead}</p>
        </div>
        {art}
      </Container>
    </section>
  );
}
