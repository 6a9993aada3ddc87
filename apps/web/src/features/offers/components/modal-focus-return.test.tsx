// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { emptySearch } from '../../../lib/search-params';
import { renderInApp } from '../../../test/render-in-app';
import { aFormat, anOffer } from '../testing/offer-results';
import { LoginPromptModal } from './login-prompt-modal';
import { OfferDetailsModal } from './offer-details-modal';

/**
 * A button that opens a dialog mounted at that very moment, as the offers list mounts its dialogs when
 * one is opened before the browser was idle (offers-results.tsx); closed, the dialog stays mounted.
 */
function Opener({ dialog }: { dialog: (opened: boolean, close: () => void) => ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const open = () => {
    setOpened(true);
    setMounted(true);
  };
  return (
    <>
      <button onClick={open}>Open</button>
      {mounted && dialog(opened, () => setOpened(false))}
    </>
  );
}

/** Opens the dialog from its button, closes it with its (first) close button: focus is back on the button. */
async function expectFocusBackOnOpener(closeLabel: string) {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
  await waitFor(() => expect(document.activeElement).not.toBe(opener));
  fireEvent.click(screen.getAllByRole('button', { name: closeLabel })[0]!);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
}

describe('a dialog of the offers list mounted as it opens', () => {
  afterEach(cleanup);

  it("the offer's details give focus back to the button that opened them", async () => {
    const offer = anOffer('of_a', 900);
    const { t } = renderInApp(
      <Opener
        dialog={(opened, close) => (
          <OfferDetailsModal
            offer={opened ? offer : null}
            search={emptySearch()}
            format={aFormat}
            onClose={close}
            onBook={() => {}}
          />
        )}
      />,
    );
    await expectFocusBackOnOpener(t('offers:details.close'));
  });

  it('the log-in prompt gives focus back to the button that opened it', async () => {
    const { t } = renderInApp(
      <Opener
        dialog={(opened, close) => (
          <LoginPromptModal opened={opened} onClose={close} onGuest={() => {}} onLogin={() => {}} onSignup={() => {}} />
        )}
      />,
    );
    await expectFocusBackOnOpener(t('offers:booking.dismiss'));
  });
});
