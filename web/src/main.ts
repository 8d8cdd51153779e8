/** The playground page's entry. */
import './elements/grundy-playground';
