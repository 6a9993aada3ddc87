// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/Tabs.layer.css';
// Public surface of the content feature: its pages load together, in one lazy chunk with the `content` strings.
export { AboutPage } from './pages/about-page';
export { FaqsPage } from './pages/faqs-page';
export { PrivacyPolicyPage } from './pages/privacy-policy-page';
