// The offers page's sheet and dialogs, one chunk loaded when the page is idle (offers-results.tsx), with
// the styles of the Mantine components only they use (app/providers.tsx says why styles go per component).
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
export { FiltersSheet } from './filters-sheet';
export { LoginPromptModal } from './login-prompt-modal';
export { OfferDetailsModal } from './offer-details-modal';
export { SessionTimeoutModal } from './session-timeout-modal';
