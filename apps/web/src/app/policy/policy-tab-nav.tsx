import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PolicyTab } from '@motor/domain';

/** Each tab's path under the policy's root ('' is the root itself). */
export const TAB_PATHS: Record<PolicyTab, string> = {
  details: 'details',
  documents: 'documents',
  billing: 'billing',
  claims: 'claims',
};

/**
 * The policy's tabs: a bar of links on a wide screen, a select on a phone (spec 3 §2). Links, not
 * ARIA tabs: each tab is a page of its own with its own address.
 */
export function PolicyTabNav({ tabs, root }: { tabs: readonly PolicyTab[]; root: string }) {
  const { t } = useTranslation('servicing');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hrefOf = (tab: PolicyTab, index: number) =>
    index === 0 ? root : `${root}/${TAB_PATHS[tab]}`;
  const currentIndex = Math.max(
    0,
    tabs.findIndex((tab, index) => index > 0 && pathname.startsWith(hrefOf(tab, index))),
  );
  if (tabs.length < 2) return null;
  return (
    <nav className="policy-tabs" aria-label={t('tabs.label')}>
      <ul className="policy-tabs__bar">
        {tabs.map((tab, index) => (
          <li key={tab}>
            <NavLink to={hrefOf(tab, index)} end className="policy-tabs__link">
              {t(`tabs.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <label className="policy-tabs__select">
        <span className="visually-hidden">{t('tabs.select')}</span>
        <select
          value={tabs[currentIndex]}
          onChange={(event) => {
            const index = tabs.indexOf(event.target.value as PolicyTab);
            void navigate(hrefOf(tabs[index] ?? tabs[0]!, index));
          }}
        >
          {tabs.map((tab) => (
            <option key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
