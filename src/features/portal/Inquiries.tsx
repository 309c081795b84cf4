/**
 * product 2.9.1: the contact's inquiries as cards with image, place, category, price and
 * 'Exposé'.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { EXPOSE_IMAGE_HEIGHT } from './constants';
import { useAppSelector } from '../../app/hooks';
import { dataKey } from '../../i18n';
import { safeUrl } from './parse';
import { Card, Cards } from './SavedSearches';
import { selectPortal } from './slice';

const Image = styled.img`
  width: 100%;
  height: ${EXPOSE_IMAGE_HEIGHT}px;
  object-fit: cover;
  border-radius: ${(p) => p.theme.radius};
  background: #eef2f5;
`;

export function Inquiries() {
  const { t } = useTranslation();
  const inquiries = useAppSelector((state) => selectPortal(state).inquiries);
  const origin = window.location.origin;
  if (inquiries === null) return <p role="status">{t('home.loading')}</p>;
  if (inquiries.length === 0) return <p>{t('inquiries.empty')}</p>;
  return (
    <Cards aria-label={t('inquiries.list')}>
      {inquiries.map((item) => {
        const image = safeUrl(item.image, origin);
        const link = safeUrl(item.link, origin);
        return (
          <Card key={item.uuid}>
            {image && <Image src={image} alt="" loading="lazy" />}
            <h3>{item.title}</h3>
            <p>
              {item.zip} {item.city}
            </p>
            <p>
              {item.category
                ? t(dataKey(`categories.${item.category}`)).replace(/\u00ad/g, '')
                : ''}
            </p>
            <p>
              {item.price.title}
              {item.price.title && item.price.text ? t('wizard.stepSeparator') : ''}
              {item.price.text}
            </p>
            {link && (
              <p>
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {t('inquiries.expose')}
                  <span className="visually-hidden"> {t('inquiries.opensNewTab')}</span>
                </a>
              </p>
            )}
          </Card>
        );
      })}
    </Cards>
  );
}
