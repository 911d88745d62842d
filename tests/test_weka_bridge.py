import pandas as pd, numpy as np
def test_weka_bridge(weka):
    from weka.classifiers import Classifier
    X = pd.DataFrame({"a": pd.Categorical(["x","y","x","y","x"], categories=["x","y","z"]), "b":[1.0,2.0,np.nan,4.0,5.0]})
    y = pd.Series(pd.Categorical(["p","q","p","q","p"], categories=["p","q"]))
    data = weka.to_instances(X, y)
    c = Classifier(classname="weka.classifiers.bayes.NaiveBayes"); c.build_classifier(data)
    P = weka.distributions(c, data)
    assert P.shape == (5, 2)
    assert data.attribute(0).num_values == 3
