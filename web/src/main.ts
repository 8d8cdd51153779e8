/** The playground page's entry. */
import './offline';
import './elements/grundy-playground';
