import classes from './auth.module.css';

/** Stands in for the address while the sentence is translated; no translation contains it. */
const MARK = '\u0000';

/**
 * A translated sentence with an e-mail address in it. The address is isolated left to right, so in an
 * Arabic sentence it reads whole, on one line when it fits ("nobody-at-all@example.com", not split at its hyphen).
 */
export function SentenceWithAddress({ sentence, address }: { sentence: (address: string) => string; address: string }) {
  const [before, after = ''] = sentence(MARK).split(MARK);
  return (
    <>
      {before}
      <bdi dir="ltr" className={classes.address}>
        {address}
      </bdi>
      {after}
    </>
  );
}
