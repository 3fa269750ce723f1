/**
 * The top of a page: with a banner image, a full-screen banner carrying the title and sub_title;
 * without one, a plain heading band. Either way the page's one h1 is here.
 */
import { Picture, SIZES } from '../../ui/Picture';
import classes from './page.module.css';

interface PageHeadingProps {
  title: string;
  subTitle?: string | null;
  bannerImg?: string | null;
  /** The language of the title and sub-title where it is not the document's (site/locale.ts). */
  lang?: { title?: string; subTitle?: string };
}

export function PageHeading({ title, subTitle, bannerImg, lang }: PageHeadingProps) {
  if (bannerImg) {
    return (
      <div className={classes.banner}>
        <Picture
          className={classes.bannerImage}
          src={bannerImg}
          sizes={SIZES.full}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
        />
        <div className={classes.bannerShade} />
        <div className={`${classes.headInner} ${classes.bannerText}`}>
          <h1 className={classes.bannerTitle} lang={lang?.title}>
            {title}
          </h1>
          {subTitle ? (
            <p className={classes.bannerSub} lang={lang?.subTitle}>
              {subTitle}
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className={classes.pageHead}>
      <div className={`${classes.headInner} ${classes.bandText}`}>
        <h1 className={classes.pageTitle} lang={lang?.title}>
          {title}
        </h1>
        {subTitle ? (
          <p className={classes.pageSub} lang={lang?.subTitle}>
            {subTitle}
          </p>
        ) : null}
      </div>
    </div>
  );
}
